// `npm run ops -- partners ...`: partner API keys (printed once, kept hashed), their webhooks (the signing secret
// printed once) and the webhook deliveries with their attempts.
import { actingOperator } from '../ops/identity.ts';
import type { OpsContext } from '../ops/commands.ts';
import { createPartner, listPartners, PartnerError, revokePartner, setWebhook, webhookDeliveries } from './service.ts';

export const PARTNERS_HELP = `  partners create <name> [--rewards-to <email>] [--rpm <n>] [--ips <a,b>]
                                                     a partner API key (printed once; stored hashed)
  partners revoke <name>                             the key is refused from now on
  partners list
  partners webhook <name> <url>                      POST every status change of its claims (secret printed once)
  partners deliveries <name>                         its webhooks: delivered, pending (next try) or given up`;

type PartnersContext = OpsContext & { usage: (message: string) => never };

export async function partnersCommand(
  ctx: PartnersContext,
  [action, name, url]: string[],
  options: Map<string, string>,
): Promise<number> {
  const { db, out } = ctx;
  try {
    switch (action) {
      case 'create': {
        if (!name) return ctx.usage('partners create needs a name');
        const rpm = options.get('rpm');
        if (rpm !== undefined && !/^[1-9]\d{0,5}$/.test(rpm)) return ctx.usage('--rpm is a whole number of requests');
        const { key } = await createPartner(db, await actingOperator(ctx), {
          name,
          rewardsTo: options.get('rewards-to') ?? null,
          requestsPerMinute: rpm === undefined ? undefined : Number(rpm),
          allowedIps:
            options
              .get('ips')
              ?.split(',')
              .map((ip) => ip.trim()) ?? null,
        });
        out(`partner ${name} created; its API key (shown this once, send it as X-Api-Key):\n${key}`);
        return 0;
      }
      case 'revoke':
        if (!name) return ctx.usage('partners revoke needs a name');
        await revokePartner(db, await actingOperator(ctx), name);
        out(`partner ${name}: key revoked`);
        return 0;
      case 'list':
        for (const row of await listPartners(db)) {
          const state = row.revokedAt ? 'REVOKED' : 'active';
          out(
            `${row.name.padEnd(20)} ${row.keyPrefix}…  ${state.padEnd(8)} ${row.requestsPerMinute}/min  ips ${row.allowedIps?.join(',') ?? 'any'}  webhook ${row.webhookUrl ?? '—'}`,
          );
        }
        return 0;
      case 'webhook': {
        if (!name || !url) return ctx.usage('partners webhook needs a name and a URL');
        const { secret } = await setWebhook(db, await actingOperator(ctx), name, url);
        out(`partner ${name}: webhook ${url}; its signing secret (shown this once):\n${secret}`);
        return 0;
      }
      case 'deliveries':
        if (!name) return ctx.usage('partners deliveries needs a name');
        for (const line of await webhookDeliveries(db, name)) {
          const state = line.deliveredAt
            ? `delivered ${line.deliveredAt.toISOString()}`
            : line.failedAt
              ? `GIVEN UP ${line.failedAt.toISOString()}`
              : `pending, next try ${line.nextAttemptAt.toISOString()}`;
          const last =
            line.lastStatus !== null || line.lastError !== null
              ? `  last: ${line.lastStatus ?? ''} ${line.lastError ?? ''}`
              : '';
          out(`#${line.id} ${line.claimUuid} → ${line.toStatus}  attempts ${line.attempts}  ${state}${last}`);
        }
        return 0;
      default:
        return ctx.usage(`unknown partners action ${action ?? ''}`);
    }
  } catch (error) {
    if (!(error instanceof PartnerError)) throw error;
    out(`refused: ${error.message}`);
    return 1;
  }
}

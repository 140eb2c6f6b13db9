// The export's two renderings of the same items: BestChange's exchange rate export file, version 1.1 (XML, element
// order as documented: from, to, in, out, amount, frommin, frommax, tomin, tomax, fromfee, tofee, city, param;
// tests/server/fixtures/bestchange-rates-1.1.xsd is its schema) and its JSON twin with the same names.
import type { RateItem } from './items.ts';

/** Where the format's publisher keeps its schema; monitors read the file against it. */
const SCHEMA_LOCATION = 'https://docs.bestchange.biz/schema/1.1.xsd';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The item's fields in the format's order, the optional ones only where they apply. No fee is ever added. */
function fieldsOf(item: RateItem): [string, string][] {
  const fields: [string, string | null][] = [
    ['from', item.from],
    ['to', item.to],
    ['in', item.in],
    ['out', item.out],
    ['amount', item.amount],
    ['frommin', item.fromMin],
    ['frommax', item.fromMax],
    ['tomin', item.toMin],
    ['tomax', item.toMax],
    ['city', item.city],
    ['param', item.params.join(',')],
  ];
  return fields.filter((field): field is [string, string] => field[1] !== null);
}

export function ratesXml(items: RateItem[]): string {
  const body = items.map(
    (item) =>
      `  <item>\n${fieldsOf(item)
        .map(([name, value]) => `    <${name}>${escapeXml(value)}</${name}>`)
        .join('\n')}\n  </item>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rates xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${SCHEMA_LOCATION}">\n` +
    `${body.join('')}</rates>\n`
  );
}

export interface RatesJson {
  version: '1.1';
  items: Record<string, string | string[]>[];
}

export function ratesJson(items: RateItem[]): RatesJson {
  return {
    version: '1.1',
    items: items.map((item) => ({
      ...Object.fromEntries(fieldsOf(item).filter(([name]) => name !== 'param')),
      param: item.params,
    })),
  };
}

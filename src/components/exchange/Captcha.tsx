// The captcha of the claim form (Yandex SmartCaptcha), loaded on demand only when the settings switch it on.
// It is rendered in Russian (docs/product.md §9) and hands its token to the form. docs/product.md §7 asks for the page's colour theme:
// SmartCaptcha's render options (sitekey, hl, callback, test, webview, invisible, shield position) take no theme,
// its look is set on the captcha in Yandex Cloud; the site has one light theme, which the default widget matches.
import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';

interface SmartCaptcha {
  render: (container: HTMLElement, options: { sitekey: string; hl: string; callback: (token: string) => void }) => number;
  reset: (id?: number) => void;
  destroy: (id?: number) => void;
}

declare global {
  interface Window {
    smartCaptcha?: SmartCaptcha;
  }
}

const SCRIPT_URL = 'https://smartcaptcha.yandexcloud.net/captcha.js';
let loading: Promise<SmartCaptcha> | null = null;

function loadCaptcha(): Promise<SmartCaptcha> {
  loading ??= new Promise<SmartCaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.smartCaptcha ? resolve(window.smartCaptcha) : reject(new Error('captcha missing')));
    script.onerror = () => {
      loading = null;
      reject(new Error('captcha script failed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function Captcha({
  siteKey,
  token,
  onToken,
  error,
}: {
  siteKey: string | null;
  /** '' after a failed submit: the widget is reset so it can be solved again. */
  token: string;
  onToken: (token: string) => void;
  error?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: SmartCaptcha; id: number } | null>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    if (!siteKey) return undefined;
    let cancelled = false;
    loadCaptcha().then(
      (api) => {
        if (cancelled || !container.current) return;
        const id = api.render(container.current, { sitekey: siteKey, hl: 'ru', callback: (value) => onTokenRef.current(value) });
        widget.current = { api, id };
      },
      (failure: unknown) => console.error('captcha could not be loaded', failure),
    );
    return () => {
      cancelled = true;
      widget.current?.api.destroy(widget.current.id);
      widget.current = null;
    };
  }, [siteKey]);

  useEffect(() => {
    if (token === '' && widget.current) widget.current.api.reset(widget.current.id);
  }, [token]);

  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-sm font-medium text-slate-800">
        <Trans>Confirm that you are not a robot</Trans>
      </p>
      <div ref={container} data-testid="captcha" className="min-h-[100px] rounded-lg border border-dashed border-slate-300 bg-slate-50" />
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

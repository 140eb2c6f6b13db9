// Site-wide: loads the live chat (widget id of the current language) and the visit counter when the settings
// configure them, and reports each page view. Renders nothing. The chat's script reads the address by itself, so on
// a page whose address carries a secret (a claim's link, a mailed token) it loads only when the visitor asks for
// the chat (src/flows/support.ts).
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSettings } from '../flows/settings.ts';
import { loadChatWidget } from './chatWidget.ts';
import { loadAnalytics, trackPageView } from './analytics.ts';
import { carriesSecret, publicPageUrl } from './publicPageUrl.ts';

export function ThirdPartyScripts() {
  const settings = useSettings();
  const [pathname] = useLocation();
  const widgetId = settings?.chat?.widgetId ?? null;
  const counter = settings?.analyticsCounter ?? null;

  useEffect(() => {
    if (!carriesSecret(window.location.href)) loadChatWidget(widgetId);
  }, [widgetId, pathname]);

  useEffect(() => {
    if (loadAnalytics(counter)) trackPageView(counter, publicPageUrl(window.location.href));
  }, [counter, pathname]);

  return null;
}

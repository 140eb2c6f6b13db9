// Site-wide: loads the live chat (widget id of the current language) and the visit counter when the settings
// configure them, and reports each page view. Renders nothing.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSettings } from '../flows/settings.ts';
import { loadChatWidget } from './chatWidget.ts';
import { loadAnalytics, trackPageView } from './analytics.ts';
import { publicPageUrl } from './publicPageUrl.ts';

export function ThirdPartyScripts() {
  const settings = useSettings();
  const [pathname] = useLocation();
  const widgetId = settings?.chat?.widgetId ?? null;
  const counter = settings?.analyticsCounter ?? null;

  useEffect(() => {
    loadChatWidget(widgetId);
  }, [widgetId]);

  useEffect(() => {
    if (loadAnalytics(counter)) trackPageView(counter, publicPageUrl(window.location.href));
  }, [counter, pathname]);

  return null;
}

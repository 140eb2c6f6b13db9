// The live-chat widget (JivoChat): one widget id per language, from the settings. Nothing is loaded when the
// settings name no widget, or under automation.
import { isAutomated } from './automation.ts';

interface ChatApi {
  open: () => unknown;
}

declare global {
  interface Window {
    jivo_api?: ChatApi;
    jivo_onLoadCallback?: () => void;
  }
}

export const CHAT_SCRIPT_ID = 'live-chat-widget';

export function chatScriptUrl(widgetId: string): string {
  return `https://code.jivosite.com/widget/${encodeURIComponent(widgetId)}`;
}

/** Adds the widget's script once per widget id (a new language's id replaces the old script). True when loading. */
export function loadChatWidget(widgetId: string | null | undefined, doc: Document = document): boolean {
  if (!widgetId || isAutomated(doc.defaultView?.navigator)) return false;
  const existing = doc.getElementById(CHAT_SCRIPT_ID) as HTMLScriptElement | null;
  if (existing?.dataset.widgetId === widgetId) return true;
  existing?.remove();
  const script = doc.createElement('script');
  script.id = CHAT_SCRIPT_ID;
  script.async = true;
  script.src = chatScriptUrl(widgetId);
  script.dataset.widgetId = widgetId;
  doc.head.appendChild(script);
  return true;
}

/** Opens the chat window; if the widget is still loading, it opens as soon as it is ready. */
export function openChat(win: Window = window): void {
  if (win.jivo_api) {
    win.jivo_api.open();
    return;
  }
  const previous = win.jivo_onLoadCallback;
  win.jivo_onLoadCallback = () => {
    previous?.();
    win.jivo_api?.open();
  };
}

(() => {
  const openLinkedDetails = () => {
    let id = location.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // a malformed escape names no entry
    }
    const target = document.getElementById(id);
    if (target instanceof HTMLDetailsElement) target.open = true;
  };
  openLinkedDetails();
  addEventListener('hashchange', openLinkedDetails);
  const own = document.currentScript;
  const entry = own.dataset.entry || '';
  const preloads = (own.dataset.preloads || '').split(' ').filter((href) => href !== '');
  // Each request costs the main thread about a millisecond: thirty in one task made a long task on a slow phone, so
  // they go out a few per task.
  const preloaded = new Set();
  const queued = [];
  let sending = false;
  const sendQueued = () => {
    for (const href of queued.splice(0, 4)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    sending = queued.length > 0;
    if (sending) setTimeout(sendQueued, 0);
  };
  const addModulePreloads = (hrefs) => {
    for (const href of hrefs) {
      if (preloaded.has(href)) continue;
      preloaded.add(href);
      queued.push(href);
    }
    if (!sending) sendQueued();
  };
  // Once, when the first contentful paint is on screen (or after a second, for a tab that paints nothing).
  const afterPaint = (work) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      work();
    };
    if (PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        once();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(once, 0));
    }
    setTimeout(once, 1000);
  };
  const root = document.documentElement;
  const triggers = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'];
  const clickable = 'button, label, input[type="checkbox"], input[type="radio"]';
  const startOn = own.dataset.start;
  const waitsForVisitor = startOn === 'interaction' || startOn === 'interaction-prefetched';
  // A click is held until what it lands in is live: a part of the page that hydrates on its own
  // (src/components/InteractionIsland.tsx), or else the page. Until then it would reach only the server's HTML, on
  // every page: the app of a page that starts after the paint still takes a second or more on a slow phone.
  const held = [];
  let failed = false;
  const ownerOf = (element) => element.closest('[data-island]') || root;
  const isLive = (element) => ownerOf(element).dataset.hydrated === 'true';
  // Makes each held click again, in order, once its part is live (or at once, when the app cannot load).
  const release = () => {
    const waiting = [];
    for (const element of held.splice(0)) {
      if (!failed && !isLive(element)) waiting.push(element);
      else if (element.isConnected) element.click();
    }
    held.push(...waiting);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    // An app that cannot load holds nothing: the page works as its HTML does.
    script.onerror = () => {
      failed = true;
      release();
    };
    document.head.append(script);
    addModulePreloads(preloads);
  };
  // The visitor reached for the page before its app ran: an island then loads as soon as it can, since that reach
  // is gone for it (InteractionIsland.tsx). A page that waits for its visitor starts now.
  const reach = () => {
    for (const type of triggers) removeEventListener(type, reach, true);
    root.dataset.reached = '';
    if (waitsForVisitor) start();
  };
  const holdClick = (event) => {
    // what a click works on by itself before hydration (as InteractionIsland.tsx holds); links keep working
    const target = event.target && event.target.closest ? event.target.closest(clickable) : null;
    // a popover's button works by itself
    if (failed || !target || target.disabled || target.hasAttribute('popovertarget') || target.closest('a')) return;
    if (isLive(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(target);
    reach();
    start();
  };
  for (const type of triggers) addEventListener(type, reach, { capture: true, passive: true });
  addEventListener('click', holdClick, true);
  new MutationObserver(() => {
    if (held.length > 0) release();
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
  if (startOn === 'interaction-prefetched') afterPaint(() => addModulePreloads([entry, ...preloads]));
  if (waitsForVisitor) root.dataset.app = 'on-interaction';
  else afterPaint(start);
})();

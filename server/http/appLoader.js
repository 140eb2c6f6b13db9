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
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    addModulePreloads(preloads);
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
  const startOn = own.dataset.start;
  if (startOn === 'interaction-prefetched') afterPaint(() => addModulePreloads([entry, ...preloads]));
  if (startOn === 'interaction' || startOn === 'interaction-prefetched') {
    const root = document.documentElement;
    const triggers = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'];
    const clickable = 'button, label, input[type="checkbox"], input[type="radio"]';
    let clicked = null;
    const begin = () => {
      for (const type of triggers) removeEventListener(type, begin, true);
      start();
    };
    // A click is held until what it lands in is live: a part of the page that hydrates on its own
    // (src/components/InteractionIsland.tsx), or else the page.
    const ownerOf = (element) => element.closest('[data-island]') || root;
    const holdClick = (event) => {
      // what a click works on by itself before hydration (as InteractionIsland.tsx holds); links keep working
      const target = event.target && event.target.closest ? event.target.closest(clickable) : null;
      // a popover's button works by itself
      if (!target || target.disabled || target.hasAttribute('popovertarget') || target.closest('a')) return;
      if (ownerOf(target).dataset.hydrated === 'true') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      clicked = target;
      begin();
    };
    for (const type of triggers) addEventListener(type, begin, { capture: true, passive: true });
    addEventListener('click', holdClick, true);
    new MutationObserver(() => {
      if (!clicked || ownerOf(clicked).dataset.hydrated !== 'true') return;
      const live = clicked;
      clicked = null;
      if (live.isConnected) live.click();
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
    root.dataset.app = 'on-interaction';
    return;
  }
  afterPaint(start);
})();

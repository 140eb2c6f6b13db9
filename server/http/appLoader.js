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
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  if (own.dataset.start === 'interaction') {
    const root = document.documentElement;
    const triggers = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'];
    let clicked = null;
    const begin = () => {
      for (const type of triggers) removeEventListener(type, begin, true);
      start();
    };
    const holdClick = (event) => {
      if (root.dataset.hydrated === 'true') return;
      const button = event.target && event.target.closest ? event.target.closest('button') : null;
      // a popover's button works by itself
      if (!button || button.disabled || button.hasAttribute('popovertarget')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      clicked = button;
      begin();
    };
    for (const type of triggers) addEventListener(type, begin, { capture: true, passive: true });
    addEventListener('click', holdClick, true);
    new MutationObserver((_, observer) => {
      if (root.dataset.hydrated !== 'true') return;
      observer.disconnect();
      removeEventListener('click', holdClick, true);
      if (clicked && clicked.isConnected) clicked.click();
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
    root.dataset.app = 'on-interaction';
    return;
  }
  if (PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 1000);
})();

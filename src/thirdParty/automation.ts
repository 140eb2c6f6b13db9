// Third-party scripts never run under browser automation (Playwright, WebDriver): tests must not reach the
// chat or analytics providers, and their visits must not count.
export function isAutomated(nav: Navigator | undefined = globalThis.navigator): boolean {
  return nav?.webdriver === true;
}

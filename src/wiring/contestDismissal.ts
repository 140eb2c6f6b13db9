// Where the closed contest banner is remembered: localStorage, one key per contest.
const PREFIX = 'contestBanner.dismissed.';

export async function readContestDismissal(contestId: string): Promise<boolean> {
  return window.localStorage.getItem(PREFIX + contestId) === '1';
}

export function rememberContestDismissal(contestId: string): void {
  try {
    window.localStorage.setItem(PREFIX + contestId, '1');
  } catch {
    // Storage full or blocked: the banner stays closed for this page view only.
  }
}

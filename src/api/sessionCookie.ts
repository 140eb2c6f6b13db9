// The readable `logged_in` marker the server sets beside the HttpOnly refresh cookie: worth trying a refresh.
export function hasSessionCookie(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().split('=')[0] === 'logged_in');
}

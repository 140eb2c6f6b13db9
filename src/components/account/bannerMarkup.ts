// Ready referral banners as self-contained HTML (an inline SVG inside a link), so a partner pastes the code
// anywhere without hosting an image. The same markup is previewed on the page.

export type BannerSize = '468x60' | '200x200';

export interface BannerTexts {
  name: string;
  slogan: string;
  action: string;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function wideBanner(texts: BannerTexts): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="468" height="60" viewBox="0 0 468 60" role="img" aria-label="' +
      escapeXml(`${texts.name}: ${texts.slogan}`) +
      '">',
    '<rect width="468" height="60" rx="8" fill="#0f1f3d"/>',
    '<circle cx="34" cy="30" r="18" fill="#f97316"/>',
    '<path d="M25 26h14l-4-4M43 34H29l4 4" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
    `<text x="64" y="26" font-family="Arial,sans-serif" font-size="18" font-weight="700" fill="#ffffff">${escapeXml(texts.name)}</text>`,
    `<text x="64" y="46" font-family="Arial,sans-serif" font-size="13" fill="#e2e8f0">${escapeXml(texts.slogan)}</text>`,
    '<rect x="338" y="14" width="116" height="32" rx="16" fill="#f97316"/>',
    `<text x="396" y="35" text-anchor="middle" font-family="Arial,sans-serif" font-size="14" font-weight="700" fill="#1a0a00">${escapeXml(texts.action)}</text>`,
    '</svg>',
  ].join('');
}

function squareBanner(texts: BannerTexts): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="' +
      escapeXml(`${texts.name}: ${texts.slogan}`) +
      '">',
    '<rect width="200" height="200" rx="14" fill="#0f1f3d"/>',
    '<circle cx="100" cy="58" r="30" fill="#f97316"/>',
    '<path d="M85 51h24l-6-6M115 65H91l6 6" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
    `<text x="100" y="114" text-anchor="middle" font-family="Arial,sans-serif" font-size="20" font-weight="700" fill="#ffffff">${escapeXml(texts.name)}</text>`,
    `<text x="100" y="136" text-anchor="middle" font-family="Arial,sans-serif" font-size="10.5" fill="#e2e8f0">${escapeXml(texts.slogan)}</text>`,
    '<rect x="40" y="152" width="120" height="32" rx="16" fill="#f97316"/>',
    `<text x="100" y="173" text-anchor="middle" font-family="Arial,sans-serif" font-size="14" font-weight="700" fill="#1a0a00">${escapeXml(texts.action)}</text>`,
    '</svg>',
  ].join('');
}

/** The HTML a partner pastes: a link with the referral address around the banner. */
export function bannerHtml(size: BannerSize, link: string, texts: BannerTexts): string {
  const svg = size === '468x60' ? wideBanner(texts) : squareBanner(texts);
  return `<a href="${escapeXml(link)}" target="_blank" rel="noopener">${svg}</a>`;
}

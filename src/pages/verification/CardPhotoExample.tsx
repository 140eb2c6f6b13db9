// Drawing of the photo we ask for: the card with its middle digits covered, beside a handwritten note with the
// date and "For <exchanger> exchange". Decorative: the steps next to it say the same in words.
export function CardPhotoExample({ note, date }: { note: string; date: string }) {
  return (
    <svg viewBox="0 0 520 260" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect width="520" height="260" rx="16" fill="#f1f5f9" />
      {/* The card */}
      <g transform="translate(24 40) rotate(-4 130 80)">
        <rect width="260" height="164" rx="14" fill="#0f1f3d" />
        <rect x="22" y="44" width="40" height="30" rx="5" fill="#fbbf24" />
        <text x="22" y="112" fill="#ffffff" fontFamily="'Courier New',monospace" fontSize="19" fontWeight="700">
          4276 38
        </text>
        <rect x="104" y="94" width="100" height="24" rx="3" fill="#fefce8" stroke="#94a3b8" />
        <text x="208" y="112" fill="#ffffff" fontFamily="'Courier New',monospace" fontSize="19" fontWeight="700">
          5679
        </text>
        <text x="22" y="146" fill="#cbd5e1" fontFamily="Arial,sans-serif" fontSize="12">
          IVAN IVANOV
        </text>
      </g>
      {/* The note */}
      <g transform="translate(300 30) rotate(3 100 100)">
        <rect width="196" height="200" rx="4" fill="#ffffff" stroke="#cbd5e1" />
        <path d="M0 60h196M0 100h196M0 140h196" stroke="#e2e8f0" />
        <text x="16" y="52" fill="#1e3a8a" fontFamily="'Comic Sans MS','Segoe Print',cursive" fontSize="20">
          {date}
        </text>
        <foreignObject x="12" y="66" width="176" height="120">
          <p
            style={{ margin: 0, color: '#1e3a8a', fontFamily: "'Comic Sans MS','Segoe Print',cursive", fontSize: 17, lineHeight: '40px' }}
          >
            {note}
          </p>
        </foreignObject>
      </g>
      {/* Light */}
      <g transform="translate(470 226)" fill="#f59e0b">
        <circle r="10" />
      </g>
    </svg>
  );
}

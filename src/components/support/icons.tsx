// Small line icons of the support channels (decorative: the text beside them names the channel).
const base = 'shrink-0';

export function ChatIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className={`${base} ${className}`}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M7.5 8.25h9m-9 3.5h5.25M21 12c0 4.556-4.03 8.25-9 8.25a9.8 9.8 0 0 1-2.555-.337A5.97 5.97 0 0 1 5.41 20.97a6 6 0 0 1-.474-.065 4.5 4.5 0 0 0 .978-2.025c.09-.457-.133-.901-.467-1.226C3.93 16.178 3 14.189 3 12c0-4.556 4.03-8.25 9-8.25s9 3.694 9 8.25Z" />
    </svg>
  );
}

export function MailIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className={`${base} ${className}`}>
      <path strokeLinecap="round" strokeLinejoin="round" d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0-8.69 5.54a2.25 2.25 0 0 1-2.37 0L2.25 6.75" />
    </svg>
  );
}

export function TelegramIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={`${base} ${className}`}>
      <path d="M21.94 4.3a1 1 0 0 0-1.35-1.1L2.9 10.1a1 1 0 0 0 .07 1.88l4.37 1.42 1.66 5.3a1 1 0 0 0 1.63.43l2.5-2.35 4.6 3.38a1 1 0 0 0 1.57-.6l2.64-15.26ZM9.6 13.6l7.1-5.3-5.77 6.33-.23 2.42-1.1-3.45Z" />
    </svg>
  );
}

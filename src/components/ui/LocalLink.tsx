// An in-app link written without the locale prefix (`to="/rules"`); it points into the active language.
import type { ComponentProps } from 'react';
import { Link } from 'wouter';
import { useLocalizedPath } from '../../i18n/useLocalizedPath.ts';

type LocalLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string };

export function LocalLink({ to, ...props }: LocalLinkProps) {
  const localize = useLocalizedPath();
  return <Link href={localize(to)} {...props} />;
}

import { Trans } from '@lingui/react/macro';

export default function HomePage() {
  return (
    <h1>
      <Trans>Currency exchange</Trans>
    </h1>
  );
}

import { Button } from '@promatch/shared';
import { useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import {
  forgetInstallPrompt,
  getDeferredInstallPrompt,
  isInstallPromptDismissed,
  rememberInstallPromptDismissed,
  subscribeInstallPrompt,
} from './install-prompt-store';

const Panel = styled.section`
  position: fixed;
  right: 1rem;
  bottom: 4.5rem;
  z-index: 40;
  width: min(22rem, calc(100vw - 2rem));
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1rem;
  }
  p {
    margin: 0 0 0.75rem;
  }
  div {
    display: flex;
    gap: 0.5rem;
    justify-content: flex-end;
  }
`;

/** Offers to install the site when the browser says it can; "Not now" is remembered. */
export function InstallPrompt() {
  const installEvent = useSyncExternalStore(subscribeInstallPrompt, getDeferredInstallPrompt);
  const [dismissed, setDismissed] = useState(() => isInstallPromptDismissed());
  if (!installEvent || dismissed) return null;

  const install = async () => {
    await installEvent.prompt();
    const choice = await installEvent.userChoice.catch(() => null);
    forgetInstallPrompt();
    if (choice?.outcome === 'dismissed') rememberInstallPromptDismissed();
  };
  const notNow = () => {
    rememberInstallPromptDismissed();
    setDismissed(true);
  };

  return (
    <Panel aria-labelledby="install-prompt-title">
      <h2 id="install-prompt-title">Install ProMatch</h2>
      <p>Add ProMatch to your device for quick access, even with a patchy connection.</p>
      <div>
        <Button type="button" $variant="outline" onClick={notNow}>
          Not now
        </Button>
        <Button type="button" onClick={() => void install()}>
          Install
        </Button>
      </div>
    </Panel>
  );
}

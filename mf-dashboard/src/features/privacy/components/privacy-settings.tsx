import { Link } from 'react-router-dom';
import { DeleteAccount } from './delete-account';
import { DownloadMyData } from './download-my-data';

/** The settings tab's privacy section; /gdpr describes exactly what each control does. */
export function PrivacySettings() {
  return (
    <section aria-labelledby="settings-privacy">
      <h3 id="settings-privacy">Privacy and your data</h3>
      <p>
        What each of these does is set out on the <Link to="/gdpr">GDPR Compliance</Link> page.
      </p>
      <DownloadMyData />
      <DeleteAccount />
    </section>
  );
}

import { Page, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';

export function PrivacyPage() {
  useSeo({
    title: 'Privacy Policy',
    description:
      'What personal data ProMatch holds about businesses, professionals and visitors, why, for how long, and your rights under UK GDPR.',
    path: '/privacy',
  });
  return (
    <Page
      heading="Privacy Policy"
      lead="What personal data ProMatch holds, why, and the rights you have under UK GDPR."
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> name, e-mail address, password (stored only as a salted
          hash), account type and, for businesses, company name and Companies House number.
        </li>
        <li>
          <strong>Profile data</strong> (professionals): title, description, skills, location,
          hourly rates and availability. Profiles are public so businesses can find you; your e-mail
          address and phone number are never shown.
        </li>
        <li>
          <strong>Activity data:</strong> messages, appointments, reviews, favourites and projects
          you create.
        </li>
        <li>
          <strong>Contact and newsletter data:</strong> what you send through the contact form or
          the newsletter sign-up.
        </li>
        <li>
          <strong>Analytics data:</strong> pages visited and actions taken, only if you allow
          analytics cookies.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your account and the marketplace (contract), to keep the service secure and prevent
        fraud (legitimate interests), to send the newsletter and measure usage (consent) and to meet
        legal obligations such as tax records. The <Link to="/gdpr">GDPR compliance page</Link> sets
        out each lawful basis and how long we keep each kind of data.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Other users see what you publish (your public profile, messages you send them). Our hosting
        and e-mail providers process data for us under contract. We do not sell personal data.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask to access, correct, erase or port your data, restrict or object to its use, and
        withdraw consent at any time. See <Link to="/gdpr">how to use your rights</Link>. You can
        also complain to the Information Commissioner's Office (ico.org.uk).
      </p>
      <h2>Cookies</h2>
      <p>
        See our <Link to="/cookies">Cookie Policy</Link>.
      </p>
    </Page>
  );
}

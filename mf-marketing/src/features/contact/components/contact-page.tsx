import { Page, useSeo } from '@promatch/shared';
import { ContactForm } from './contact-form';

export function ContactPage() {
  useSeo({
    title: 'Contact Us',
    description:
      'Contact the ProMatch team about hiring, joining as a professional, your account or your data.',
    path: '/contact',
  });
  return (
    <Page
      heading="Contact Us"
      lead="Questions about hiring, joining as a professional or your account? Our UK team answers within one working day."
    >
      <ContactForm />
      <h2>Data protection requests</h2>
      <p>
        To see, correct or erase the personal data we hold about you, write to us with the subject
        “Data request”. We answer within one month, as UK GDPR requires.
      </p>
    </Page>
  );
}

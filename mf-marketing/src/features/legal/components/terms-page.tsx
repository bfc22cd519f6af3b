import { Page, useSeo } from '@promatch/shared';
import { Link } from 'react-router-dom';

export function TermsPage() {
  useSeo({
    title: 'Terms of Service',
    description:
      'The terms on which UK businesses and professionals use ProMatch: accounts, plans and payment, conduct, liability and governing law.',
    path: '/terms',
  });
  return (
    <Page
      heading="Terms of Service"
      lead="The terms on which businesses and professionals use ProMatch."
    >
      <h2>1. Who we are</h2>
      <p>
        ProMatch is an online marketplace that introduces UK businesses to independent
        professionals. By creating an account you agree to these terms and to our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <h2>2. Accounts</h2>
      <p>
        You must be 18 or over and give accurate details. Business accounts must belong to a company
        registered in the UK. Keep your password safe; you are responsible for activity on your
        account. You may close your account at any time.
      </p>
      <h2>3. Our role</h2>
      <p>
        ProMatch is not a party to the agreements between businesses and professionals.
        Professionals are independent and are not employed by ProMatch or by the businesses they
        work with. The parties agree scope, deliverables, rates and intellectual property between
        themselves.
      </p>
      <h2>4. Plans and payment</h2>
      <p>
        Professionals choose the free or the pro plan; each plan's limits are shown on the{' '}
        <Link to="/pricing">pricing page</Link>, and we give at least 30 days' notice of any change.
        Business accounts do not pay a subscription. A business pays for a hire through ProMatch: it
        funds each milestone by card with our payment provider, the payment is held until the
        business approves the delivered work, and the professional then receives the amount less the
        platform fee of their plan when they were hired (shown on the pricing page). A professional
        is paid once they have set up payouts with the payment provider. If both sides agree to
        cancel a funded milestone, the business is refunded; a milestone either side disputes stays
        held until our staff decide to release or refund it.
      </p>
      <h2>5. Acceptable use</h2>
      <p>
        Do not post false or misleading information, harass other users, upload unlawful material or
        try to break or overload the service. We may suspend accounts that break these rules.
      </p>
      <h2>6. Reviews</h2>
      <p>
        Only a business that has completed a project or an appointment with a professional can
        review them, once for each project and each appointment; the professional can reply once to
        each review. Reviews must be honest and about the work; we remove reviews that are abusive
        or that breach these terms.
      </p>
      <h2>7. Liability</h2>
      <p>
        We provide the platform with reasonable care and skill but do not guarantee the work of any
        professional. Nothing in these terms limits liability that cannot be limited under the law
        of England and Wales, including for death or personal injury caused by negligence, or fraud.
      </p>
      <h2>8. Governing law</h2>
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and
        Wales have jurisdiction, without affecting the rights of consumers in Scotland or Northern
        Ireland.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about these terms: <Link to="/contact">contact us</Link>.
      </p>
    </Page>
  );
}

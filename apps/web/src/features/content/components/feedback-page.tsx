import { Link } from 'react-router';
import { PolicyFacts, PolicyPage, PolicySection } from './policy-page';

/**
 * /feedback (SPEC §9 Feedback: acknowledgement within 3 business days, resolution aimed within 30 days;
 * Contact: a response within 24 hours). Feedback and complaints are sent through /contact-us.
 */
export function FeedbackPage() {
  return (
    <PolicyPage
      title="Feedback"
      description="Tell us what we did well and what we can do better. We acknowledge feedback and complaints within 3 business days and aim to resolve them within 30 days."
      lead="Compliments, suggestions and complaints all help us do better. Here is how to reach us and what happens next."
    >
      <PolicySection title="At a glance">
        <PolicyFacts
          facts={[
            { term: 'Acknowledgement', detail: 'Within 3 business days' },
            { term: 'Resolution', detail: 'We aim to resolve it within 30 days' },
            { term: 'Contact form replies', detail: 'Within 24 hours' },
          ]}
        />
      </PolicySection>

      <PolicySection title="How to send feedback">
        <p>
          Send us a message with our <Link to="/contact-us">contact form</Link>. Give it a subject such as
          “Feedback” or “Complaint”, and include your order id if it is about an order. To send an item back,
          use the <Link to="/return-order">return form</Link> instead.
        </p>
      </PolicySection>

      <PolicySection title="What happens next">
        <ol>
          <li>
            We acknowledge your feedback <strong>within 3 business days</strong>.
          </li>
          <li>We look into it, and tell you if we need anything else from you.</li>
          <li>
            We aim to resolve it <strong>within 30 days</strong>, and keep you updated if it takes longer.
          </li>
        </ol>
      </PolicySection>

      <PolicySection title="If you are not satisfied">
        <p>
          If we cannot resolve a complaint together, you can contact the consumer protection agency of your
          state or territory, such as NSW Fair Trading. For a privacy complaint, see our{' '}
          <Link to="/privacy-and-policy">privacy policy</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}

import { ContactPage } from '@/features/customer-service/components/contact-page';

/** /contact-us (SPEC §2 Tracking, returns, contact). */
export const ContactUsRoute = ContactPage;

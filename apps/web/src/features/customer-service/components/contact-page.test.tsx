import { CUSTOMER_SERVICE_MESSAGES } from '@store/shared/customer-service';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '@/stores/session-store';
import { json } from '@/test/fake-api';
import { ContactPage } from './contact-page';
import {
  heldAnswer,
  member,
  pageRequests,
  renderServicePage,
  resetPageTest,
} from './customer-service.fixtures';

afterEach(resetPageTest);

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof renderServicePage>['user']) {
  await user.type(field(/^First name/), 'Jordan');
  await user.type(field(/^Last name/), 'Smith');
  await user.type(field(/^Email/), 'jordan@example.com.au');
  await user.type(field(/^Subject/), 'Towbar wiring');
  await user.type(field(/^Message/), 'Does the 7-pin kit fit a 2019 Ranger?');
}

describe('/contact-us (SPEC §2, §5 Contact form, §8 Contact)', () => {
  it('says the store responds within 24 hours and names each missing field under it, focusing the first', async () => {
    const { api, user } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () => json({ message: 'unexpected' }),
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeTruthy();
    expect(screen.getByText(/respond within 24 hours/)).toBeTruthy();
    expect(field(/^Phone/).labels?.[0]?.textContent).toContain('(optional)');

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const first = field(/^First name/);
    await waitFor(() => expect(document.activeElement).toBe(first));
    for (const [name, text] of [
      [/^First name/, 'First name is required'],
      [/^Last name/, 'Last name is required'],
      [/^Email/, 'Email is required'],
      [/^Subject/, 'Subject is required'],
      [/^Message/, 'Message is required'],
    ] as const) {
      const input = field(name);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '');
      expect(described).toContain(text);
    }
    expect(field(/^Phone/).getAttribute('aria-invalid')).toBe('false');
    expect(pageRequests(api.requests)).toHaveLength(0);

    await user.type(field(/^Email/), 'not-an-email');
    await user.type(field(/^Phone/), '04 twelve');
    await user.tab();
    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.invalidEmail)).toBeTruthy();
    expect(screen.getByText(CUSTOMER_SERVICE_MESSAGES.phone)).toBeTruthy();
  });

  it("posts the message as JSON, reads 'Submitting...' and sends once, then says 'Form Submitted Successfully' and empties the form", async () => {
    const held = heldAnswer();
    const { api, user } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () => held.promise,
    });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // A second Enter while the first request runs sends nothing more.
    await user.type(field(/^Subject/), '{Enter}');
    await user.click(busy);

    expect(pageRequests(api.requests)).toHaveLength(1);
    const call = pageRequests(api.requests)[0];
    expect(`${call?.url.pathname}${call?.url.search}`).toBe('/api/contact-us');
    expect(call?.method).toBe('POST');
    expect(call?.request.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({
      f_name: 'Jordan',
      l_name: 'Smith',
      email: 'jordan@example.com.au',
      phone: '',
      subject: 'Towbar wiring',
      message: 'Does the 7-pin kit fit a 2019 Ranger?',
    });

    held.release(json({ message: CUSTOMER_SERVICE_MESSAGES.contactSent }));
    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.contactSent)).toBeTruthy();
    await waitFor(() => expect(field(/^First name/).value).toBe(''));
    for (const name of [/^Last name/, /^Email/, /^Subject/, /^Message/]) expect(field(name).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });

  it("fills in a signed-in member's name, email and phone, which stay editable", async () => {
    startSession({ user: member, token: 'member-token', subscription: false });
    const { api, user } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () => json({ message: CUSTOMER_SERVICE_MESSAGES.contactSent }),
    });

    expect(field(/^First name/).value).toBe('Sam');
    expect(field(/^Last name/).value).toBe('Van Der Berg');
    expect(field(/^Email/).value).toBe('sam@example.com');
    expect(field(/^Phone/).value).toBe('0412345678');

    await user.clear(field(/^Email/));
    await user.type(field(/^Email/), 'sam.work@example.com');
    await user.type(field(/^Subject/), 'Invoice');
    await user.type(field(/^Message/), 'Please resend my invoice.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await screen.findByText(CUSTOMER_SERVICE_MESSAGES.contactSent);
    expect(pageRequests(api.requests)[0]?.body).toMatchObject({
      f_name: 'Sam',
      email: 'sam.work@example.com',
    });
    // Cleared back to the member's details, not to nothing.
    await waitFor(() => expect(field(/^Subject/).value).toBe(''));
    expect(field(/^Email/).value).toBe('sam@example.com');
  });

  it("shows 'Error submitting form: {server message}' and the field the server named, keeping what was typed", async () => {
    const { user } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () =>
        json(
          {
            message:
              'Subject contains an invisible character (U+0007) at position 3. Remove it and try again.',
            errors: [{ field: 'subject', message: 'Subject contains an invisible character' }],
          },
          400,
        ),
    });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText(
        'Error submitting form: Subject contains an invisible character (U+0007) at position 3. Remove it and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Subject contains an invisible character')).toBeTruthy();
    expect(field(/^Subject/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Subject/)));
    expect(field(/^First name/).value).toBe('Jordan');
  });

  it("says 'No response from server.' when the request gets no answer", async () => {
    // A refused connection: fetch rejects, as with no network.
    const { user } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () => Response.error(),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CUSTOMER_SERVICE_MESSAGES.noResponse)).toBeTruthy();
  });

  it('goes to /too-many-requests on a 429 (SPEC §8)', async () => {
    const { user, router } = renderServicePage('/contact-us', ContactPage, {
      'POST /api/contact-us': () => json({ message: 'Rate limit exceeded, retry in 1 minute' }, 429),
    });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('heading', { name: 'Too many requests page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/too-many-requests');
  });
});

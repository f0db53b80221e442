import { buysAsBusiness } from '@store/shared/buys-as-business';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AddressSuggestion } from '@store/shared/address-lookup';
import {
  ADDRESS_FIELD_NAMES,
  CHECKOUT_MESSAGES,
  COMMENT_MAX_LENGTH,
  checkoutFormSchema,
  type CheckoutForm,
  type CheckoutFormInput,
} from '@store/shared/checkout-form';
import { formatCents } from '@store/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedAddress } from '@store/shared/account';
import type { CodeDiscount, OrderDiscounts } from '@store/shared/checkout-totals';
import type { PaymentMethodContext } from '@store/shared/payment-method-rules';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { storeConfigQueryOptions } from '@/lib/api/get-store-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { userDetailQueryOptions, useUserDetail } from '@/lib/api/get-user-detail';
import { useUserAddresses } from '@/lib/api/get-user-addresses';
import { useTradeAccount } from '@/lib/api/get-trade-account';
import { formatOrderMoney } from '@/lib/order-fields';
import { TRADE_TERMS_WORDS, type TradeAccountView } from '@store/shared/trade-accounts';
import { MemberCheckout } from './member-checkout';
import { useSession } from '@/stores/session-store';
import { ADDRESS_FIELD_SPECS } from '@/components/form/address-field-specs';
import { TextField, fieldId } from '@/components/form/text-field';
import { useFormFields } from '@/components/form/use-form-fields';
import { useFetchAddressDetails } from '@/lib/api/get-address-details';
import { buildCheckoutData } from '../build-checkout-data';
import { saveCheckoutData, saveCheckoutDraft } from '../checkout-storage';
import { checkoutSettingsOf } from '@/lib/checkout-settings';
import { CHECKOUT_FIELD_RULES } from '../checkout-field-rules';
import {
  FALLBACK_CHECKOUT_SETTINGS,
  checkoutFigures,
  useCheckoutSummary,
  type CheckoutSummary,
} from '../hooks/use-checkout-summary';
import { initialCheckoutValues, type CheckoutTextFieldName } from '../initial-checkout-values';
import { AddressFields, type AddressPrefix } from './address-fields';
import {
  cardPageAlsoLine,
  CheckoutPaymentChoice,
  PAYMENT_PAGE_PATHS,
  type CheckoutChoice,
  type OnAccountOffer,
} from './checkout-payment-choice';
import { TradeCheckout } from './trade-checkout';
import { usePlaceOnAccount } from '../hooks/use-place-on-account';
import { DiscountCodeField } from './discount-code-field';
import { OrderSummary } from './order-summary';
import {
  chosenDeliveryCharge,
  firstAvailableChoice,
  DeliveryOptionsSection,
  type DeliveryChoice,
} from './delivery-options-section';
import { useDeliveryQuote } from '../hooks/use-delivery-quote';
import { addressKindNote, addressKindOf, DELIVERY_MESSAGES } from '@store/shared/delivery-rules';
import './checkout-page.css';

/** The fields in the order they are shown, so an error sends focus to the first one on screen. */
const FOCUS_ORDER: readonly CheckoutTextFieldName[] = [
  ...ADDRESS_FIELD_SPECS.map((s) => s.name),
  ...ADDRESS_FIELD_SPECS.map((s) => `s_${s.name}` as const),
  'comment',
];

const SHIPPING_FIELDS = ADDRESS_FIELD_NAMES.map((name) => `s_${name}` as const);

const SUMMARY_ID = 'checkout-summary';

/** A toast with the SPEC's message (react-toastify loads on first use); repeats replace, never stack. */
function notifyError(message: string) {
  void import('react-toastify').then(({ toast }) => toast.error(message, { toastId: message }));
}

/** Moves focus to a field and brings it, with its label, to the middle of the screen. */
function focusField(name: CheckoutTextFieldName) {
  const control = document.getElementById(fieldId(name));
  if (!control) return;
  control.focus({ preventScroll: true });
  control.scrollIntoView?.({ block: 'center' });
}

/**
 * /checkout (SPEC §2 Checkout): billing details, an optional shipping address, a comment, the order summary
 * and the payment method buttons. An empty cart goes to the home page.
 */
export function CheckoutPage() {
  usePageTitle('Checkout');
  const member = useMemberCheckout();
  // A discount code the server accepted (issue 34 §5): one more of the order's discounts.
  const [code, setCode] = useState<CodeDiscount | null>(null);
  const discounts = useMemo(() => ({ ...member.discounts, code }), [member.discounts, code]);
  // Issue 41: the chosen delivery option's charge as quoted (undefined until then: the cart's rule shows).
  const [deliveryChargeCents, setDeliveryChargeCents] = useState<number | undefined>(undefined);
  const summary = useCheckoutSummary(discounts, member.planName, deliveryChargeCents);
  // Issue 39 §4: an order placed on account empties the cart on the way to /thank-you, from this page.
  const [placed, setPlaced] = useState(false);
  const onPlaced = useCallback(() => setPlaced(true), []);
  if (summary.lines.length === 0) return placed ? null : <Navigate to="/" replace />;
  return (
    <CheckoutView
      summary={summary}
      member={member}
      code={code}
      onCodeChange={setCode}
      onPlaced={onPlaced}
      onDeliveryCharge={setDeliveryChargeCents}
    />
  );
}

/** A signed-in member's saved addresses, signup discount and chosen plan (SPEC §2 Checkout, §9). */
interface MemberCheckoutState {
  signedIn: boolean;
  addresses: SavedAddress[];
  signupPercent: number;
  plans: { id: number; plan_name: string; discount_percentage: number }[];
  planId: number | null;
  /** The chosen plan's name, for its discount row; null without one. */
  planName: string | null;
  setPlanId: (id: number | null) => void;
  /** Every discount of the order in one object (issue 34: a discount code joins it here). */
  discounts: OrderDiscounts;
  /** Issue 39 §4: the member's trade account when it is approved (or on hold); else null. */
  trade: TradeAccountView | null;
}

function useMemberCheckout(): MemberCheckoutState {
  const signedIn = useSession() !== null;
  const detail = useUserDetail(signedIn);
  const saved = useUserAddresses(signedIn);
  const [planId, setPlanId] = useState<number | null>(null);
  const signupPercent = signedIn ? (detail.data?.signup_plans[0]?.discount_percentage ?? 0) : 0;
  const plans = useMemo(
    () => (signedIn ? (detail.data?.user_membership_plans ?? []) : []),
    [signedIn, detail.data],
  );
  const plan = plans.find((p) => p.id === planId) ?? null;
  const membershipPercent = plan?.discount_percentage ?? 0;
  const discounts = useMemo(() => ({ signupPercent, membershipPercent }), [signupPercent, membershipPercent]);
  const tradeAccount = useTradeAccount().data ?? null;
  const trade = signedIn && tradeAccount && buysAsBusiness(tradeAccount.status) ? tradeAccount : null;
  return {
    signedIn,
    addresses: signedIn ? (saved.data ?? []) : [],
    signupPercent,
    plans,
    planId: plan ? plan.id : null,
    planName: plan ? plan.plan_name : null,
    setPlanId,
    discounts,
    trade,
  };
}

/** The "On account" choice of a trade account (issue 39 §4): its terms and credit left, or why it is refused. */
function onAccountOffer(trade: TradeAccountView, problem: string): OnAccountOffer {
  return {
    available: trade.can_order_on_account,
    terms: `${TRADE_TERMS_WORDS[trade.terms]}, ${formatOrderMoney(trade.available_credit)} available credit`,
    blocked: trade.on_account_blocked,
    problem,
  };
}

function CheckoutView({
  summary,
  member,
  code,
  onCodeChange,
  onPlaced,
  onDeliveryCharge,
}: {
  summary: CheckoutSummary;
  member: MemberCheckoutState;
  code: CodeDiscount | null;
  onCodeChange: (code: CodeDiscount | null) => void;
  /** An order was placed on account: the page is on its way to /thank-you. */
  onPlaced: () => void;
  /** The chosen delivery option's charge, cents (undefined while not quoted), for the summary's totals. */
  onDeliveryCharge: (cents: number | undefined) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetchAddressDetails = useFetchAddressDetails();
  // The draft typed earlier in this session, or what was saved on the way to a payment page.
  const [defaultValues] = useState(() => initialCheckoutValues());
  const form = useForm<CheckoutFormInput, unknown, CheckoutForm>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues,
    // Focus is moved by hand, in screen order, and the field is scrolled to the middle (not under a bar).
    shouldFocusError: false,
  });
  const { control, handleSubmit, setValue, clearErrors, register, subscribe, formState } = form;
  const fields = useFormFields(form, CHECKOUT_FIELD_RULES);
  const shipElsewhere = useWatch({ control, name: 'ship_to_different_address' });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const email = useWatch({ control, name: 'email' }) ?? '';
  // Issue 41: where the order goes (the shipping address when ticked), for the delivery options and their notes.
  const billingStreet = useWatch({ control, name: 'street_address' }) ?? '';
  const shippingStreet = useWatch({ control, name: 's_street_address' }) ?? '';
  const billingPostCode = useWatch({ control, name: 'post_code' }) ?? '';
  const shippingPostCode = useWatch({ control, name: 's_post_code' }) ?? '';
  const billingState = useWatch({ control, name: 'state' }) ?? '';
  const shippingState = useWatch({ control, name: 's_state' }) ?? '';
  const [delivery, setDelivery] = useState<DeliveryChoice>({ option: 'standard', collectLocationId: null });
  const deliveryQuote = useDeliveryQuote({
    products: summary.lines.map((l) => ({ id: l.line.id, quantity: l.quantity })),
    post_code: shipElsewhere ? shippingPostCode : billingPostCode,
    street_address: shipElsewhere ? shippingStreet : billingStreet,
    state: shipElsewhere ? shippingState : billingState,
  });
  // An option the cart may no longer take (a battery added, a PO box typed) gives way to the first one it may, so the
  // summary never totals an option that cannot be placed; the refused one stays listed with its reason.
  const deliveryChoice = firstAvailableChoice(deliveryQuote.data, delivery) ?? delivery;
  const chosenDelivery = chosenDeliveryCharge(deliveryQuote.data, deliveryChoice);
  const chosenChargeCents = 'chargeCents' in chosenDelivery ? chosenDelivery.chargeCents : undefined;
  useEffect(() => onDeliveryCharge(chosenChargeCents), [chosenChargeCents, onDeliveryCharge]);
  const [busy, setBusy] = useState<CheckoutChoice | null>(null);
  const proceeding = useRef(false);
  // Issue 39: a trade member's purchase order number, and the refusal of an order on account.
  const [purchaseOrder, setPurchaseOrder] = useState('');
  const [accountProblem, setAccountProblem] = useState('');
  const placeOnAccount = usePlaceOnAccount(onPlaced);

  // Whatever is typed survives leaving the page (cart, policies, a payment page) for the whole session.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => saveCheckoutDraft(values) }),
    [subscribe],
  );

  const config = summary.config;
  const showAttribution = config?.address_lookup === 'geonames';
  const testMode =
    config !== undefined && (config.card_payments === 'test' || config.wallet_payments === 'test');
  const hasErrors = Object.keys(formState.errors).length > 0;
  // Issue 40 §2: the order as the payment rules read it, for the card page's other ways to pay. Every order is
  // delivered and none is a pre-order here; a trade order is one an approved account prices (as the server's).
  const paymentContext: PaymentMethodContext | null = summary.totals
    ? {
        currency: 'AUD',
        totalCents: summary.totals.totalCents,
        delivered: true,
        tradeAccount: buysAsBusiness(member.trade?.status),
        preOrder: false,
      }
    : null;

  function fillSavedAddress(a: SavedAddress) {
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
    const values = {
      f_name: a.f_name,
      l_name: a.l_name,
      company: a.company,
      email: a.email,
      phone: a.phone,
      street_address: a.street_address,
      city: a.city,
      state: a.state,
      post_code: a.post_code,
    } as const;
    for (const [name, value] of Object.entries(values)) {
      setValue(name as keyof typeof values, value, options);
    }
  }

  // A member starting a blank checkout gets their first saved address.
  const firstSaved = member.addresses[0];
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !firstSaved) return;
    prefilled.current = true;
    if (form.getValues('f_name') === '' && form.getValues('street_address') === '')
      fillSavedAddress(firstSaved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the addresses first arrive
  }, [firstSaved]);

  async function fillPlace(prefix: AddressPrefix, picked: AddressSuggestion) {
    let place = picked;
    if (picked.place_id !== null) {
      try {
        place = await fetchAddressDetails(picked.place_id);
      } catch (error) {
        // The suggestion already has city, state and post code; the street can be typed.
        console.error('Address details failed:', error);
      }
    }
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
    const filled: CheckoutTextFieldName[] = [`${prefix}city`, `${prefix}state`, `${prefix}post_code`];
    if (place.street_address !== null) {
      setValue(`${prefix}street_address`, place.street_address, options);
      filled.push(`${prefix}street_address`);
    }
    setValue(`${prefix}city`, place.city, options);
    setValue(`${prefix}state`, place.state, options);
    setValue(`${prefix}post_code`, place.post_code, options);
    fields.clearNotes(filled);
  }

  function onInvalid(errors: FieldErrors<CheckoutFormInput>) {
    notifyError(CHECKOUT_MESSAGES.formInvalid);
    const first = FOCUS_ORDER.find((name) => errors[name] !== undefined);
    if (first) focusField(first);
  }

  async function proceed(choice: CheckoutChoice, values: CheckoutForm) {
    proceeding.current = true;
    setBusy(choice);
    // The settings are nearly always loaded by now (the header reads them); if not, wait for them.
    const settings =
      summary.settings ??
      (await queryClient
        .ensureQueryData(storeConfigQueryOptions())
        .then(checkoutSettingsOf, () => FALLBACK_CHECKOUT_SETTINGS));
    let discounts: OrderDiscounts = { ...member.discounts, code };
    if (member.signedIn) {
      // The signup discount is charged on every member order: wait for it if it has not arrived yet.
      const detail = await queryClient.ensureQueryData(userDetailQueryOptions()).catch(() => null);
      discounts = { ...discounts, signupPercent: detail?.signup_plans[0]?.discount_percentage ?? 0 };
    }
    // Issue 41: the chosen delivery option must be one the quote offers; without a quote (it could not be had), or
    // with one asked before the post code was typed (the form requires it, so the quote is behind the form), the
    // option goes at the cart's rule and place-order answers with its own price if that differs.
    const quoteBehind =
      'problem' in chosenDelivery && chosenDelivery.problem === DELIVERY_MESSAGES.postCodeRequired;
    if (
      'problem' in chosenDelivery &&
      !quoteBehind &&
      (deliveryQuote.data || deliveryChoice.option !== 'standard')
    ) {
      notifyError(chosenDelivery.problem ?? DELIVERY_MESSAGES.chooseOption);
      document.getElementById('checkout-delivery-title')?.scrollIntoView?.({ block: 'center' });
      proceeding.current = false;
      setBusy(null);
      return;
    }
    // The figures sent are the ones shown: the same computation as the summary's (checkoutFigures).
    const figures = checkoutFigures(summary.lines, settings, discounts, member.planName, chosenChargeCents);
    const data = buildCheckoutData(
      values,
      summary.lines,
      figures,
      member.signedIn ? member.planId : null,
      deliveryChoice,
    );
    // The code goes with the order: place-order checks it again and redeems it (issue 34 §5).
    if (code) data.order.discount_code = code.code;
    // Issue 39 §5: printed on the invoice, whichever way the order is paid.
    if (member.trade && purchaseOrder.trim() !== '') data.order.purchase_order_number = purchaseOrder.trim();
    if (choice === 'account') {
      setAccountProblem('');
      const problem = await placeOnAccount(data);
      if (problem !== null) {
        setAccountProblem(problem);
        proceeding.current = false;
        setBusy(null);
      }
      return;
    }
    saveCheckoutData(data);
    void navigate(PAYMENT_PAGE_PATHS[choice]);
  }

  function choose(choice: CheckoutChoice) {
    if (proceeding.current) return;
    // SPEC §5: the cart must hold something worth paying for before the form matters.
    if (summary.lines.length === 0) {
      notifyError(CHECKOUT_MESSAGES.cartEmpty);
      return;
    }
    if (summary.lines.reduce((sum, l) => sum + l.lineSubtotalCents, 0) === 0) {
      notifyError(CHECKOUT_MESSAGES.subtotalZero);
      return;
    }
    void handleSubmit((values) => proceed(choice, values), onInvalid)();
  }

  const itemCount = summary.lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <div className="container page checkout">
      <Breadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Cart', to: '/cart' }, { label: 'Checkout' }]}
      />
      <h1 className="checkout__title">Checkout</h1>

      {/* Phones show the summary after the form; this keeps the total in sight from the start. */}
      <a className="checkout__jump" href={`#${SUMMARY_ID}`}>
        <span>
          {itemCount} {itemCount === 1 ? 'item' : 'items'} · Total{' '}
          <strong>{summary.totals ? formatCents(summary.totals.totalCents) : '…'}</strong>
        </span>
        <span className="checkout__jump-link">View order summary</span>
      </a>

      <div className="checkout__layout">
        <form
          className="checkout__form"
          noValidate
          aria-label="Checkout details"
          onSubmit={(event) => event.preventDefault()}
        >
          {member.trade && (
            <TradeCheckout
              account={member.trade}
              purchaseOrder={purchaseOrder}
              onPurchaseOrderChange={setPurchaseOrder}
            />
          )}
          {member.signedIn && (
            <MemberCheckout
              addresses={member.addresses}
              signupPercent={member.signupPercent}
              plans={member.plans}
              planId={member.planId}
              onPlanChange={member.setPlanId}
              onUseAddress={fillSavedAddress}
            />
          )}
          <section className="checkout-card" aria-labelledby="checkout-billing-title">
            <h2 id="checkout-billing-title" className="checkout-card__title">
              Billing details
            </h2>
            <p className="checkout__required-note">Required fields are marked with an asterisk (*).</p>
            <AddressFields
              prefix=""
              fields={fields}
              onPickPlace={fillPlace}
              showAttribution={showAttribution}
              streetNote={addressKindNote(addressKindOf(billingStreet))}
            />
            <div className="checkout-check">
              <input
                id="checkout-ship_to_different_address"
                type="checkbox"
                {...register('ship_to_different_address', {
                  onChange: (event: { target: { checked: boolean } }) => {
                    if (!event.target.checked) clearErrors(SHIPPING_FIELDS);
                  },
                })}
              />
              <label htmlFor="checkout-ship_to_different_address">Ship to a different address?</label>
            </div>
          </section>

          {shipElsewhere && (
            <section className="checkout-card" aria-labelledby="checkout-shipping-title">
              <h2 id="checkout-shipping-title" className="checkout-card__title">
                Shipping address
              </h2>
              <AddressFields
                prefix="s_"
                fields={fields}
                onPickPlace={fillPlace}
                showAttribution={showAttribution}
                streetNote={addressKindNote(addressKindOf(shippingStreet))}
              />
            </section>
          )}

          <DeliveryOptionsSection
            quote={deliveryQuote.data}
            failed={deliveryQuote.isError}
            choice={deliveryChoice}
            onChoose={setDelivery}
          />

          <section className="checkout-card" aria-labelledby="checkout-notes-title">
            <h2 id="checkout-notes-title" className="checkout-card__title">
              Order notes
            </h2>
            <TextField
              name="comment"
              label="Comment"
              required={false}
              hint="Anything we should know about your order or its delivery?"
              message={fields.message('comment')}
              layout="comment"
              footer={{
                id: 'checkout-comment-count',
                content: (
                  <span
                    className={
                      comment.length >= COMMENT_MAX_LENGTH
                        ? 'checkout-field__count checkout-field__count--full'
                        : 'checkout-field__count'
                    }
                  >
                    {comment.length}/{COMMENT_MAX_LENGTH}
                  </span>
                ),
              }}
            >
              {(aria) => (
                <textarea
                  {...aria}
                  {...fields.field('comment')}
                  className="checkout-input checkout-input--textarea"
                  rows={3}
                  maxLength={COMMENT_MAX_LENGTH}
                />
              )}
            </TextField>
          </section>

          {/* Screen readers hear why a keystroke did not type (the same words show under the field). */}
          <p className="visually-hidden" aria-live="polite">
            {fields.announcement}
          </p>
        </form>

        <aside id={SUMMARY_ID} className="checkout__aside" aria-label="Order summary and payment">
          <OrderSummary summary={summary} headingId="checkout-summary-title">
            <DiscountCodeField
              products={summary.lines.map((l) => ({ id: l.line.id, quantity: l.quantity }))}
              email={/^\S+@\S+\.\S+$/.test(email.trim()) ? email.trim() : undefined}
              applied={code}
              onChange={onCodeChange}
            />
            <CheckoutPaymentChoice
              onChoose={choose}
              invalid={formState.isSubmitted && hasErrors}
              testMode={testMode}
              busy={busy}
              offered={{ card: config?.card_payments !== 'off', wallet: config?.wallet_payments !== 'off' }}
              onAccount={member.trade ? onAccountOffer(member.trade, accountProblem) : null}
              cardAlso={config ? cardPageAlsoLine(config.payment_method_types, paymentContext) : null}
            />
          </OrderSummary>
        </aside>
      </div>
    </div>
  );
}

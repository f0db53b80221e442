/**
 * The questions and answers of /faqs (SPEC §2): four categories of 8, 5, 9 and 6 questions. Where the SPEC's
 * FAQ texts contradict the shipping and return policies (international shipping, processing in 1-2 business
 * days, UPS, FedEx, DHL and USPS, refunds in 5-7 business days), the policy wins (issue 34 §3, decision 0045):
 * the delivery area, estimate, rule, carriers, returns window and refund time are the store's promises from
 * `@store/shared/store-promises`, the delivery rule worded from the store's settings. The SPEC's other answers
 * stay (unused and in original packaging, guest checkout, one payment method per transaction, the Forgot
 * Password link). The refund answers add that nothing limits the consumer guarantees and that a faulty item is
 * covered for a reasonable time whatever the windows say, with the warranty against defects (issue 18 §4,
 * decision 0037).
 */
import {
  CARRIERS_SENTENCE,
  DELIVERY_AREA_SENTENCE,
  deliveryEstimateSentence,
  deliveryRuleSentence,
  FREE_DELIVERY_BASIS,
  orderCutoffText,
  REFUND_TIME,
  returnsSentence,
  type StorePromises,
} from '@store/shared/store-promises';
import { FAULTY_GOODS_COVERED, GUARANTEES_NOT_LIMITED, WARRANTY_PATH } from '@/lib/consumer-guarantee-text';

export interface FaqLink {
  label: string;
  to: string;
}

export interface FaqEntry {
  /** Stable, used in element ids. */
  id: string;
  question: string;
  /** One string per paragraph. */
  answer: readonly string[];
  /** Where the reader can act on the answer, or read more. */
  links?: readonly FaqLink[];
}

export interface FaqCategory {
  id: string;
  label: string;
  entries: readonly FaqEntry[];
}

const CONTACT: FaqLink = { label: 'Contact us', to: '/contact-us' };
const WARRANTY: FaqLink = { label: 'Read our warranty against defects', to: WARRANTY_PATH };

/** The Consumer Law's point every refund answer makes (DESIGN §7: no policy text limits the guarantees). */
const CONSUMER_GUARANTEES = `${GUARANTEES_NOT_LIMITED} ${FAULTY_GOODS_COVERED}`;

const SHIPPING_POLICY: FaqLink = { label: 'Read our shipping policy', to: '/shipping-policy' };

/**
 * The FAQ's categories with the promises worded from the store's settings as the owner set them (delivery rule in
 * GST-inclusive cents, estimate, cut-off, returns window; issue 36 §5); while those are unknown (null) the answers
 * leave the figures to checkout and the policies.
 */
export function faqCategories(delivery: StorePromises | null): readonly FaqCategory[] {
  const [returns, ...others] = OTHER_CATEGORIES;
  return [orderingAndShipping(delivery), returnsAndRefunds(returns!, delivery), ...others];
}

/** The returns category with the store's returns window (its first answer). */
function returnsAndRefunds(category: FaqCategory, promises: StorePromises | null): FaqCategory {
  const windowAnswer = promises
    ? `${returnsSentence(promises)} Items must be unused and in their original packaging.`
    : 'You can return an unused item in its original packaging for a full refund within the window our return policy gives.';
  return {
    ...category,
    entries: category.entries.map((e) =>
      e.id === 'return-window' ? { ...e, answer: [windowAnswer, ...e.answer.slice(1)] } : e,
    ),
  };
}

function orderingAndShipping(delivery: StorePromises | null): FaqCategory {
  return {
    id: 'ordering-shipping',
    label: 'Ordering & Shipping',
    entries: [
      {
        id: 'international-shipping',
        question: 'Do you ship internationally?',
        answer: [`No. ${DELIVERY_AREA_SENTENCE} We cannot send orders to addresses outside Australia.`],
        links: [SHIPPING_POLICY],
      },
      {
        id: 'processing-time',
        question: 'How long does it take to process my order?',
        answer: [
          delivery
            ? `${deliveryEstimateSentence(delivery)} Orders placed by ${orderCutoffText(delivery)} on a business day are handled from that day, later orders from the next business day.`
            : 'Our shipping policy sets out how soon we dispatch your order and how long delivery takes.',
        ],
        links: [SHIPPING_POLICY],
      },
      {
        id: 'carriers',
        question: 'Which carriers deliver my order?',
        answer: [
          `${CARRIERS_SENTENCE} The carrier depends on your parcel and address; the mail that tells you your order has shipped names it, with the tracking number.`,
        ],
      },
      {
        id: 'delivery-cost',
        question: 'How much does delivery cost?',
        answer: delivery
          ? [
              `${deliveryRuleSentence(delivery)} ${FREE_DELIVERY_BASIS}`,
              'Checkout shows the delivery charge for your order before you pay.',
            ]
          : [
              'Checkout shows the delivery charge for your order before you pay; our shipping policy sets out the rule.',
            ],
        links: [SHIPPING_POLICY],
      },

      {
        id: 'track-order',
        question: 'How can I track my order?',
        answer: [
          'Enter the order number from your order confirmation and the email you ordered with on the Track Order page to see the order’s status, items and totals.',
          'Signed-in members can also open any of their orders from Order History.',
        ],
        links: [{ label: 'Track an order', to: '/guest-track-order' }],
      },
      {
        id: 'change-cancel',
        question: 'Can I change or cancel my order?',
        answer: [
          'Yes, within 24 hours of placing it. Contact us with your order id and tell us what you would like to change.',
        ],
        links: [CONTACT],
      },
      {
        id: 'order-confirmation',
        question: 'How do I know my order went through?',
        answer: [
          'Once your payment is confirmed you see a thank-you page with your invoice number, order id and total. Keep the order id: you need it to track the order or to ask us about it.',
        ],
      },
      {
        id: 'business-orders',
        question: 'Can I order for my business?',
        answer: [
          'Yes. We sell to retail and business customers. Members can add their business name, email, number and address to their profile, and checkout has a company field for the billing and delivery address.',
        ],
      },
    ],
  };
}

/** The categories after the first, the returns window filled in by returnsAndRefunds. */
const OTHER_CATEGORIES: readonly FaqCategory[] = [
  {
    id: 'returns-refunds',
    label: 'Returns & Refunds',
    entries: [
      {
        id: 'return-window',
        question: 'What is your return policy?',
        answer: [
          // Worded from the store's settings by returnsAndRefunds.
          '',
          'Our return policy has the details, including what to do with an item that is damaged or faulty.',
          CONSUMER_GUARANTEES,
        ],
        links: [{ label: 'Read our return policy', to: '/return-policy' }, WARRANTY],
      },
      {
        id: 'start-return',
        question: 'How do I return an item?',
        answer: [
          'Fill in the return form with your order id, the item and the reason for the return. You can attach a photo or a document (PNG, JPG, PDF or TXT, up to 5 MB). We reply within 24 hours with what to do next.',
        ],
        links: [{ label: 'Start a return', to: '/return-order' }],
      },
      {
        id: 'refund-time',
        question: 'When will I get my refund?',
        answer: [
          `Once your return is approved, we refund it to your original payment method within ${REFUND_TIME}.`,
          CONSUMER_GUARANTEES,
        ],
        links: [WARRANTY],
      },
      {
        id: 'damaged-faulty',
        question: 'What if my item arrives damaged or faulty?',
        answer: [
          'Tell us straight away, ideally within 24 to 48 hours of delivery, through the return form with a photo of the damage, so we can sort it out with the courier quickly.',
          CONSUMER_GUARANTEES,
        ],
        links: [{ label: 'Report a damaged or faulty item', to: '/return-order' }, WARRANTY],
      },
      {
        id: 'restocking-fee',
        question: 'Do you charge a restocking fee?',
        answer: ['No. We never charge a restocking fee on returns.'],
      },
    ],
  },
  {
    id: 'product-information',
    label: 'Product Information',
    entries: [
      {
        id: 'fitment',
        question: 'How do I know a part fits my vehicle?',
        answer: [
          'Check the product’s description and details for the makes, models, years and engines it suits, and compare its part number with the one on your old part or in your owner’s manual.',
          'Still unsure? Send us your vehicle’s make, model, year and engine and we will check before you order.',
        ],
        links: [CONTACT],
      },
      {
        id: 'genuine-aftermarket',
        question: 'Do you sell genuine or aftermarket parts?',
        answer: [
          'Both. Genuine (OEM) parts are made by or for your vehicle’s manufacturer; aftermarket parts are made by other brands to fit the same vehicles, often for less. Every product page names its brand, so you know what you are buying.',
        ],
      },
      {
        id: 'warranty',
        question: 'Do your products come with a warranty?',
        answer: [
          'Many of our products carry a premium warranty of up to 2 years; the length depends on the product and its brand.',
          'Every product also comes with the consumer guarantees of the Australian Consumer Law, whatever its warranty.',
        ],
        links: [WARRANTY],
      },
      {
        id: 'battery-choice',
        question: 'How do I choose the right car battery?',
        answer: [
          'Match the size code, terminal layout and type of the battery you are replacing, and choose cold cranking amps (CCA) at least as high as the original’s.',
          'Cars with a start-stop system need an AGM or EFB battery; a standard flooded battery wears out quickly in them.',
        ],
      },
      {
        id: 'old-battery',
        question: 'What should I do with my old battery?',
        answer: [
          'Never put a car battery in the household rubbish: lead-acid batteries are hazardous and almost entirely recyclable. Take it to your council’s drop-off point or a battery recycler.',
        ],
      },
      {
        id: 'headlight-globes',
        question: 'Which headlight globe fits my car?',
        answer: [
          'Find the globe type (such as H4, H7, H11 or HB3) in your owner’s manual or on the base of the old globe, and match it exactly: our headlight globes name their type in the title. Replace globes in pairs for even light.',
        ],
      },
      {
        id: 'led-conversion',
        question: 'Are LED headlight conversion kits road legal?',
        answer: [
          'It depends on the vehicle and on your state or territory. Headlights on a registered vehicle must meet the Australian Design Rules, and some conversion kits are sold for off-road use only. Read the product description and check with your state’s road authority before fitting one to a road vehicle.',
        ],
      },
      {
        id: 'wheel-nuts',
        question: 'How do I choose wheel nuts or locking wheel nuts?',
        answer: [
          'Match the thread size and pitch (for example M12 x 1.5) and the seat type (conical, ball or flat) to your wheels: the wrong seat can let a wheel work loose.',
          'Tighten them to the torque in your owner’s manual, check them again after the first 50 to 100 km, and keep the key of locking wheel nuts in the car.',
        ],
      },
      {
        id: 'car-cover-size',
        question: 'How do I choose the right car cover?',
        answer: [
          'Measure your vehicle from bumper to bumper and compare it with the sizes on the product page. Choose an outdoor cover against sun and rain, an indoor cover against dust in the garage, or a padded hail cover for storms.',
        ],
      },
    ],
  },
  {
    id: 'account-payment',
    label: 'Account & Payment',
    entries: [
      {
        id: 'guest-checkout',
        question: 'Do I need an account to order?',
        answer: [
          'No. You can check out as a guest. An account adds the member discount, saved addresses and your order history.',
        ],
        links: [{ label: 'Create an account', to: '/signup' }],
      },
      {
        id: 'payment-methods',
        question: 'Which payment methods do you accept?',
        answer: ['We accept credit and debit cards and PayPal. Checkout shows the methods available.'],
      },
      {
        id: 'one-payment-method',
        question: 'Can I split a payment between two methods?',
        answer: [
          'No. Each order is paid with one payment method per transaction, so choose a card or PayPal for the whole amount.',
        ],
      },
      {
        id: 'forgot-password',
        question: 'I forgot my password. How do I reset it?',
        answer: [
          'On the sign-in page, select the Forgot Password link (“Forgot your password?”) and enter your account’s email address. We email you a one-time code; enter it, then choose a new password.',
        ],
        links: [{ label: 'Reset your password', to: '/forget-password' }],
      },
      {
        id: 'member-benefits',
        question: 'What do members get?',
        answer: [
          'Members get 10% off, can save delivery addresses and business details, and see every order in Order History.',
        ],
      },
      {
        id: 'payment-security',
        question: 'Is it safe to pay on your site?',
        answer: [
          'Yes. Card details go straight into Stripe’s secure payment form and PayPal payments are made with PayPal, so your card number never reaches our servers and is never stored by us.',
        ],
      },
    ],
  },
];

import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { useMetaDescription } from '@/hooks/use-meta-description';
import { useStorePromises } from '@/hooks/use-store-promises';
import { usePageTitle } from '@/hooks/use-page-title';
import { faqCategories, type FaqCategory } from '../faq-entries';
import './faq-page.css';

/** Keys that move between the category tabs; the list is a column on wide screens and a grid on phones. */
const TAB_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i) => i + 1,
  ArrowRight: (i) => i + 1,
  ArrowUp: (i) => i - 1,
  ArrowLeft: (i) => i - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * /faqs (SPEC §2): a sidebar of four categories (Ordering & Shipping, Returns & Refunds, Product Information,
 * Account & Payment), the first selected at the start; the selected category's questions as an accordion
 * that opens one answer at a time (a click on an open question closes it); and a 'Still have questions?' box
 * that links to /contact-us. The categories are WAI-ARIA tabs (arrow keys, Home and End move and select);
 * each question is a button with aria-expanded and aria-controls.
 */
export function FaqPage() {
  const delivery = useStorePromises();
  const categories = useMemo(() => faqCategories(delivery), [delivery]);
  usePageTitle('FAQs');
  useMetaDescription(
    'Answers about ordering and shipping, returns and refunds, product fitment, batteries and headlight globes, warranties, accounts and payment.',
  );
  const base = useId();
  const [selectedId, setSelectedId] = useState(categories[0]?.id ?? '');
  const [openId, setOpenId] = useState<string | null>(null);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const headingId = `${base}-heading`;

  function select(category: FaqCategory) {
    if (category.id !== selectedId) setOpenId(null);
    setSelectedId(category.id);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const move = TAB_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const count = categories.length;
    const next = categories[(move(index, count) + count) % count];
    if (!next) return;
    select(next);
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div className="container page faq-page">
      <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'FAQs' }]} />
      <header className="faq-page__header">
        <h1 id={headingId} className="faq-page__title">
          Frequently Asked Questions
        </h1>
        <p className="faq-page__lead">
          Quick answers about orders, delivery, returns, parts and your account. Choose a topic to see its
          questions.
        </p>
      </header>

      <div className="faq-page__layout">
        <div
          className="faq-categories"
          role="tablist"
          aria-label="Question categories"
          aria-orientation="vertical"
        >
          {categories.map((category, index) => {
            const selected = category.id === selectedId;
            return (
              <button
                key={category.id}
                ref={(el) => {
                  if (el) tabRefs.current.set(category.id, el);
                  else tabRefs.current.delete(category.id);
                }}
                type="button"
                role="tab"
                id={`${base}-tab-${category.id}`}
                className="faq-categories__tab"
                aria-selected={selected}
                aria-controls={`${base}-panel-${category.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(category)}
                onKeyDown={(event) => onTabKeyDown(event, index)}
              >
                <span className="faq-categories__label">{category.label}</span>
                <span className="faq-categories__count">
                  {category.entries.length}
                  <span className="visually-hidden"> questions</span>
                </span>
              </button>
            );
          })}
        </div>

        <div className="faq-page__panels">
          {categories.map((category) => (
            <section
              key={category.id}
              role="tabpanel"
              id={`${base}-panel-${category.id}`}
              className="faq-panel"
              aria-labelledby={`${base}-tab-${category.id}`}
              hidden={category.id !== selectedId}
            >
              <h2 className="faq-panel__title">{category.label}</h2>
              <ul className="faq-accordion" role="list">
                {category.entries.map((entry) => {
                  const open = entry.id === openId;
                  const buttonId = `${base}-q-${entry.id}`;
                  const answerId = `${base}-a-${entry.id}`;
                  return (
                    <li key={entry.id} className="faq-accordion__item" data-open={open || undefined}>
                      <h3 className="faq-accordion__heading">
                        <button
                          type="button"
                          id={buttonId}
                          className="faq-accordion__button"
                          aria-expanded={open}
                          aria-controls={answerId}
                          onClick={() => setOpenId(open ? null : entry.id)}
                        >
                          <span>{entry.question}</span>
                          <PlusMinusIcon />
                        </button>
                      </h3>
                      <div
                        id={answerId}
                        role="region"
                        aria-labelledby={buttonId}
                        className="faq-accordion__answer"
                        hidden={!open}
                      >
                        {entry.answer.map((paragraph) => (
                          <p key={paragraph}>{paragraph}</p>
                        ))}
                        {entry.links?.map((link) => (
                          <p key={link.to}>
                            <Link to={link.to} className="faq-accordion__link">
                              {link.label}
                            </Link>
                          </p>
                        ))}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>

        <StillHaveQuestions />
      </div>
    </div>
  );
}

/** SPEC §2: the FAQ's 'Still have questions?' box, to /contact-us (SPEC §9: a reply within 24 hours). */
function StillHaveQuestions() {
  const headingId = useId();
  return (
    <aside className="faq-help" aria-labelledby={headingId}>
      <h2 id={headingId} className="faq-help__title">
        Still have questions?
      </h2>
      <p>Can’t find the answer you need? Send us a message and we will reply within 24 hours.</p>
      <Link className="button" to="/contact-us">
        Contact us
      </Link>
    </aside>
  );
}

/** A plus that becomes a minus when its question is open (CSS turns the vertical bar). Decorative. */
function PlusMinusIcon() {
  return (
    <svg
      className="faq-accordion__icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 10h12" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
      <path
        className="faq-accordion__icon-bar"
        d="M10 4v12"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
      />
    </svg>
  );
}

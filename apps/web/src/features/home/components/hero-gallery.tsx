import type { HeroSlide } from '@store/shared/store-settings';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useBrowserSnapshot } from '@/lib/use-server-html';
import { Link } from 'react-router';
import { ProductImage } from '@/components/ui/product-image';
import './hero-gallery.css';

/** SPEC §9: the hero advances every 5 seconds. */
export const HERO_INTERVAL_MS = 5000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/**
 * Whether the shopper asks for reduced motion. False on the server and while a server-rendered page hydrates
 * (the HTML cannot know), then the browser's answer.
 */
function usePrefersReducedMotion(): boolean {
  return useBrowserSnapshot(
    subscribeToReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

export interface HeroGalleryProps {
  /** The store's slides (store config `hero_slides`); undefined while the config loads. */
  slides: readonly HeroSlide[] | undefined;
}

/**
 * The home hero (SPEC §2): slides that advance every 5 seconds, with a bubble per slide to jump to it.
 * It pauses while the pointer or keyboard focus is on it, has a pause button (WCAG 2.2.2), and starts paused
 * for people who ask for reduced motion. Each slide's call to action links the whole slide to its `link`.
 */
export function HeroGallery({ slides }: HeroGalleryProps) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The pause button's choice, once the shopper has made one; until then, their reduced-motion setting.
  const [stoppedByShopper, setStoppedByShopper] = useState<boolean | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const stopped = stoppedByShopper ?? reducedMotion;
  // Keyboard focus pauses the slides; the focus that comes with a click or a tap on a bubble does not.
  const pointerPressed = useRef(false);
  const count = slides?.length ?? 0;
  const current = count > 0 ? active % count : 0;
  const running = count > 1 && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    // Restarts on every change of slide, so a bubble click gets a full 5 seconds too.
    const timer = window.setTimeout(() => setActive((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, current, count]);

  if (slides === undefined) {
    return (
      <div className="hero hero--loading" aria-hidden="true">
        <div className="hero-slide is-active">
          <span className="hero-slide__image skeleton" />
          <div className="hero-slide__text" />
        </div>
      </div>
    );
  }
  if (count === 0) return null;

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured offers"
      // A mouse over the hero pauses it; a tap does not (phones report a tap as a pointer that stays over).
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={() => {
        pointerPressed.current = true;
      }}
      onFocus={() => {
        if (!pointerPressed.current) setFocused(true);
        pointerPressed.current = false;
      }}
      onBlur={onBlur}
    >
      <div className="hero__slides">
        {slides.map((slide, index) => (
          <div
            key={`${index}-${slide.image}`}
            className={index === current ? 'hero-slide is-active' : 'hero-slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            inert={index !== current}
          >
            <ProductImage
              className="hero-slide__image"
              src={slide.image}
              image={slide.image_info ? { path: slide.image, ...slide.image_info } : null}
              sizes="(min-width: 1280px) 900px, calc(100vw - 2rem)"
              alt=""
              width={1600}
              height={640}
              // The first slide is the page's largest picture: fetch it first.
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
            />
            <div className="hero-slide__text">
              <h2 className="hero-slide__title">{slide.title}</h2>
              {slide.subtitle && <p className="hero-slide__subtitle">{slide.subtitle}</p>}
              <Link className="hero-slide__cta" to={slide.link}>
                {slide.cta}
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                  <path
                    d="M5 12h13m-5-6 6 6-6 6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2.25"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </Link>
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="hero__controls">
          <button
            type="button"
            className="hero__pause"
            aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setStoppedByShopper(!stopped)}
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              {stopped ? (
                <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
              ) : (
                <path d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" fill="currentColor" />
              )}
            </svg>
          </button>
          {slides.map((slide, index) => (
            <button
              key={`${index}-${slide.image}`}
              type="button"
              className="hero__bubble"
              aria-label={`Slide ${index + 1}: ${slide.title}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

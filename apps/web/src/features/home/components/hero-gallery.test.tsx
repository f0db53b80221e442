import type { HeroSlide } from '@store/shared/store-settings';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_INTERVAL_MS, HeroGallery } from './hero-gallery';

const slides: HeroSlide[] = [
  {
    image: 'home/hero-batteries.svg',
    title: 'Batteries that start every time',
    subtitle: 'NS70, DIN and 4WD batteries',
    cta: 'Shop batteries',
    link: '/shop?page=1&child_category=car-batteries',
  },
  {
    image: 'home/hero-headlights.svg',
    title: 'See further at night',
    subtitle: 'H4, H7 and LED kits',
    cta: 'Shop headlights',
    link: '/shop?page=1&child_category=headlight-globes',
  },
  {
    image: 'home/hero-tie-downs.svg',
    title: 'Load up. Strap down.',
    subtitle: '',
    cta: 'Shop tie-downs',
    link: '/shop?page=1&brand=dingo-tow',
  },
];

function renderHero(list: HeroSlide[] | undefined) {
  return render(
    <MemoryRouter>
      <HeroGallery slides={list} />
    </MemoryRouter>,
  );
}

/** The number of the slide that is showing (1-based), from the bubble marked aria-current. */
function currentSlide(): number {
  const bubbles = screen.getAllByRole('button', { name: /^Slide \d/ });
  const active = bubbles.filter((b) => b.getAttribute('aria-current') === 'true');
  expect(active).toHaveLength(1);
  return bubbles.indexOf(active[0]!) + 1;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeroGallery', () => {
  it('overlays each slide’s title, subtitle and call to action, linking to the slide’s link', () => {
    renderHero(slides);

    expect(screen.getByRole('region', { name: 'Featured offers' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Batteries that start every time' })).toBeTruthy();
    expect(screen.getByText('NS70, DIN and 4WD batteries')).toBeTruthy();
    const cta = screen.getByRole('link', { name: 'Shop batteries' });
    expect(cta.getAttribute('href')).toBe('/shop?page=1&child_category=car-batteries');
    // Only the showing slide is in the accessibility tree and the tab order: the others are inert.
    expect(cta.closest('[inert]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop headlights' }).closest('[inert]')).toBeTruthy();
  });

  it('fetches the first slide’s picture first and the others lazily', () => {
    const { container } = renderHero(slides);
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(3);
    expect(images[0]!.getAttribute('src')).toBe('/media/home/hero-batteries.svg');
    expect(images[0]!.getAttribute('loading')).toBe('eager');
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(images[0]!.getAttribute('width')).toBe('1600');
    expect(images[0]!.getAttribute('height')).toBe('640');
    expect(images[1]!.getAttribute('loading')).toBe('lazy');
    expect(images[2]!.getAttribute('loading')).toBe('lazy');
  });

  it('advances every 5 seconds and wraps from the last slide to the first', () => {
    expect(HERO_INTERVAL_MS).toBe(5000);
    renderHero(slides);
    expect(currentSlide()).toBe(1);

    advance(4999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
    expect(screen.getByRole('link', { name: 'Shop headlights' }).closest('[inert]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop batteries' }).closest('[inert]')).toBeTruthy();

    advance(5000);
    expect(currentSlide()).toBe(3);
    advance(5000);
    expect(currentSlide()).toBe(1);
  });

  it('jumps to a slide when its bubble is clicked, and gives it a full 5 seconds', () => {
    renderHero(slides);
    advance(3000);

    fireEvent.click(screen.getByRole('button', { name: 'Slide 3: Load up. Strap down.' }));
    expect(currentSlide()).toBe(3);
    expect(screen.getByRole('link', { name: 'Shop tie-downs' }).closest('[inert]')).toBeNull();

    advance(4999);
    expect(currentSlide()).toBe(3);
    advance(1);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: See further at night' }));
    expect(currentSlide()).toBe(2);
  });

  it('pauses while the pointer is over it', () => {
    renderHero(slides);
    const hero = screen.getByRole('region', { name: 'Featured offers' });

    fireEvent.pointerEnter(hero, { pointerType: 'mouse' });
    advance(15000);
    expect(currentSlide()).toBe(1);

    fireEvent.pointerLeave(hero, { pointerType: 'mouse' });
    advance(5000);
    expect(currentSlide()).toBe(2);
  });

  it('keeps going after a tap, which leaves a touch pointer over it', () => {
    renderHero(slides);
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Featured offers' }), { pointerType: 'touch' });
    advance(5000);
    expect(currentSlide()).toBe(2);
  });

  it('pauses while keyboard focus is inside it', () => {
    renderHero(slides);
    const link = screen.getByRole('link', { name: 'Shop batteries' });

    act(() => link.focus());
    advance(15000);
    expect(currentSlide()).toBe(1);

    act(() => link.blur());
    advance(5000);
    expect(currentSlide()).toBe(2);
  });

  it('keeps going after a bubble is clicked with the mouse (the click focuses it)', () => {
    renderHero(slides);
    const bubble = screen.getByRole('button', { name: 'Slide 2: See further at night' });

    fireEvent.pointerDown(bubble);
    act(() => bubble.focus());
    fireEvent.click(bubble);
    expect(currentSlide()).toBe(2);
    advance(5000);
    expect(currentSlide()).toBe(3);
  });

  it('stops and starts with the pause button', () => {
    renderHero(slides);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(20000);
    expect(currentSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(5000);
    expect(currentSlide()).toBe(2);
  });

  it('does not move by itself for people who prefer reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList,
    );
    renderHero(slides);

    advance(20000);
    expect(currentSlide()).toBe(1);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Slide 2: See further at night' }));
    expect(currentSlide()).toBe(2);
  });

  it('holds its place while the slides load, and shows nothing without slides', () => {
    const { container, rerender } = renderHero(undefined);
    expect(container.querySelector('.hero--loading')).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();

    rerender(
      <MemoryRouter>
        <HeroGallery slides={[]} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('shows a single slide without bubbles', () => {
    renderHero(slides.slice(0, 1));
    expect(screen.queryByRole('button')).toBeNull();
    advance(10000);
    expect(screen.getByRole('link', { name: 'Shop batteries' })).toBeTruthy();
  });
});

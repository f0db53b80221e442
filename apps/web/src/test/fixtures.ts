import { DEFAULT_OPENING_HOURS } from '@store/shared/opening-hours';
import type { Product } from '@store/shared/product';
import type { StoreConfig } from '@store/shared/store-settings';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    category_id: 1,
    child_category_id: null,
    title: 'Ceramic Brake Pads Front',
    permalink: 'ceramic-brake-pads-front',
    sku: 'BP-100',
    featured_image: 'products/brake-pads.jpg',
    gallery_media: null,
    // No size known for the featured image (as for pictures stored before sizes were kept, decision 0026).
    images: [],
    short_description: null,
    long_description: null,
    brand: { title: 'Bendix', permalink: 'bendix', cover_image: null },
    discount_data: null,
    badge: null,
    is_featured: false,
    product_meta: [{ option: '_price', value: '79.95' }],
    created_at: '2025-01-01T00:00:00.000Z',
    part_numbers: [],
    ...overrides,
  };
}

export function makeStoreConfig(overrides: Partial<StoreConfig> = {}): StoreConfig {
  return {
    store_name: 'Southern Cross Auto Parts',
    meta_title: 'Southern Cross Auto Parts',
    meta_description: 'Car parts delivered Australia-wide.',
    media_base_url: '/media/',
    gst_percent: 10,
    delivery_charge: 15,
    free_delivery_threshold: 100,
    hero_slides: [],
    side_banners: [],
    offer_banners: [],
    home_content_until: null,
    card_payments: 'test',
    stripe_publishable_key: null,
    payment_method_types: ['card', 'afterpay_clearpay', 'zip'],
    wallet_payments: 'test',
    address_lookup: 'geonames',
    member_discount_percent: 10,
    business_contact: {
      address: '1 Test St, Moorabbin VIC 3189',
      phone: '(03) 5550 0199',
      email: 'help@southerncross.example',
    },
    // Migration 0028's defaults: the store never edited its promises or hours (issue 36 §5).
    promises: {
      order_cutoff: '18:00',
      handling_days_min: 0,
      handling_days_max: 1,
      delivery_days_min: 5,
      delivery_days_max: 8,
      return_window_days: 30,
    },
    opening_hours: DEFAULT_OPENING_HOURS,
    ...overrides,
  };
}

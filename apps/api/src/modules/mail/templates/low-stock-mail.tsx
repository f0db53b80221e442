/**
 * The daily low-stock report to the store (issue 36 §4, decision 0054): every product at or below its reorder
 * level, fewest units first, each with its SKU, title, stock, reorder level and a link to its back-office page.
 */
import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { LOW_STOCK_RULE } from '@store/shared/admin-dashboard';
import { MailLayout, mailStyles, type MailStore } from './mail-layout';

export interface LowStockMailProduct {
  sku: string;
  title: string;
  stock: number;
  reorderLevel: number;
  /** The product's back-office page, absolute. */
  url: string;
}

export interface LowStockMailProps {
  store: MailStore;
  /** The store's day the report is for, e.g. '2 December 2026'. */
  day: string;
  products: readonly LowStockMailProduct[];
}

const cell = { fontSize: '14px', lineHeight: '20px', padding: '6px 4px', verticalAlign: 'top' } as const;
const right = { ...cell, textAlign: 'right' } as const;

/** "Low stock at Store: 3 products to reorder". */
export function lowStockSubject(storeName: string, count: number): string {
  return `Low stock at ${storeName}: ${count} product${count === 1 ? '' : 's'} to reorder`;
}

export function LowStockMail({ store, day, products }: LowStockMailProps) {
  return (
    <MailLayout store={store} preview={lowStockSubject(store.name, products.length)}>
      <Heading as="h1" style={mailStyles.heading}>
        Low stock on {day}
      </Heading>
      <Text style={mailStyles.text}>
        {`${products.length} product${products.length === 1 ? ' is' : 's are'} ${LOW_STOCK_RULE}:`}
      </Text>
      <Section>
        <Row>
          <Column style={{ ...cell, fontWeight: 700 }}>SKU</Column>
          <Column style={{ ...cell, fontWeight: 700 }}>Product</Column>
          <Column style={{ ...right, fontWeight: 700 }}>Stock</Column>
          <Column style={{ ...right, fontWeight: 700 }}>Reorder level</Column>
        </Row>
        {products.map((p) => (
          <Row key={p.sku}>
            <Column style={cell}>{p.sku}</Column>
            <Column style={cell}>
              <Link href={p.url}>{p.title}</Link>
            </Column>
            <Column style={right}>{p.stock}</Column>
            <Column style={right}>{p.reorderLevel}</Column>
          </Row>
        ))}
      </Section>
      <Text style={mailStyles.muted}>
        Each product&apos;s reorder level is set on its page in the back office. This report is sent once a
        day while anything is low.
      </Text>
    </MailLayout>
  );
}

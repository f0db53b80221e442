import { categoryPath, childCategoryPath } from '@store/shared/paths';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useCategories } from '@/features/catalog/api/get-categories';
import { CloseIcon } from './icons';
import { SHOP_ALL } from './nav-links';

export interface CategorySideMenuProps {
  open: boolean;
  /** Closes at once (close button, Escape, a link followed). */
  onClose: () => void;
  /** A tap on the dimmed page beside the menu: the same debounced toggle as the Browse Categories button. */
  onBackdropClick: () => void;
}

/**
 * The Browse Categories side menu (SPEC §2 Navigation bar): every category from /api/categories with its
 * child categories, each linking to the shop filtered by it. A modal <dialog>: focus stays inside while it
 * is open, Escape closes it, and the page behind is inert.
 */
export function CategorySideMenu({ open, onClose, onBackdropClick }: CategorySideMenuProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const categories = useCategories();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so a click on the dialog itself is a click on the backdrop.
    if (event.target === event.currentTarget) onBackdropClick();
  }

  return (
    <dialog
      ref={dialogRef}
      className="side-menu"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onDialogClick}
    >
      {open && (
        <div className="side-menu__panel">
          <div className="side-menu__head">
            <h2 id={titleId} className="side-menu__title">
              Browse Categories
            </h2>
            <button
              type="button"
              className="side-menu__close"
              aria-label="Close categories"
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          <nav className="side-menu__nav" aria-label="Categories">
            {categories.isPending ? (
              <p className="side-menu__note">Loading categories…</p>
            ) : categories.isError ? (
              <p className="side-menu__note side-menu__note--error">
                Error loading categories: {categories.error.message}
              </p>
            ) : (
              <ul className="side-menu__list" role="list">
                {categories.data.map((category) => (
                  <li key={category.id} className="side-menu__group">
                    <Link to={categoryPath(category.sku)} className="side-menu__category" onClick={onClose}>
                      {category.title}
                    </Link>
                    {category.child_categories.length > 0 && (
                      <ul className="side-menu__children" role="list">
                        {category.child_categories.map((child) => (
                          <li key={child.child_sku}>
                            <Link
                              to={childCategoryPath(child.child_sku)}
                              className="side-menu__child"
                              onClick={onClose}
                            >
                              {child.child_title}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <Link to={SHOP_ALL.to} className="button side-menu__all" onClick={onClose}>
              {SHOP_ALL.label}
            </Link>
          </nav>
        </div>
      )}
    </dialog>
  );
}

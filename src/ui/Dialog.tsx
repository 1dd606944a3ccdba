import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import './icon-button.css';
import './Dialog.css';

interface DialogProps {
  open: boolean;
  /** Called with false on Escape, overlay click or the close button. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, laid out right-aligned under the body. */
  footer?: ReactNode;
  /** Under the action buttons: why the submit button is disabled (null: nothing to say). */
  footerNote?: string | null;
  /** For modals that must not show a close button; Escape still closes them. */
  hideClose?: boolean;
  size?: 'small' | 'medium' | 'large';
}

/** The one modal of the app: overlay, focus trap, Escape to close, labelled by its title. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  footerNote = null,
  hideClose = false,
  size = 'medium',
}: DialogProps) {
  // Radix warns when no description exists unless aria-describedby is explicitly cleared.
  const describedByProps = description === undefined ? { 'aria-describedby': undefined } : {};
  // The app opens modals from menus and machines, not Radix triggers, so Radix alone would drop
  // focus to the page on close: remember what had focus and give it back.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const rememberFocus = () => {
    returnFocusTo.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restoreFocus = (event: Event) => {
    const target = returnFocusTo.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog dialog-${size}`}
          onOpenAutoFocus={rememberFocus}
          onCloseAutoFocus={restoreFocus}
          {...describedByProps}
        >
          <header className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description className="dialog-description">
                {description}
              </RadixDialog.Description>
            )}
          </header>
          {children !== undefined && <div className="dialog-body">{children}</div>}
          {footer !== undefined && (
            <footer className="dialog-footer">
              {footer}
              {footerNote && (
                <p className="dialog-footer-note" role="status">
                  {footerNote}
                </p>
              )}
            </footer>
          )}
          {!hideClose && (
            <RadixDialog.Close className="icon-button dialog-close" aria-label="Close">
              <CloseIcon size={18} />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

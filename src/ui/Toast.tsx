import * as RadixToast from '@radix-ui/react-toast';
import { useSyncExternalStore } from 'react';
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  type ToastItem,
  type ToastRegion,
} from '@/stores/toast-store';
import './icon-button.css';
import './Toast.css';

// Stable arrays: Radix re-binds its keyboard listener whenever the hotkey array changes.
const MAIN_HOTKEY = ['F8'];
const CORNER_HOTKEY = ['altKey', 'KeyN'];

const VARIANT_ICON = {
  success: CheckCircleIcon,
  error: AlertCircleIcon,
  info: InfoIcon,
} as const;

function ToastCard({ item, position }: { item: ToastItem; position: number }) {
  const Icon = VARIANT_ICON[item.variant];
  const closeOnClick = item.region === 'corner';
  return (
    <RadixToast.Root
      className={`toast toast-${item.variant}${closeOnClick ? ' toast-clickable' : ''}`}
      duration={item.duration}
      style={{ order: position }}
      type={item.variant === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      onClick={closeOnClick ? () => dismissToast(item.id) : undefined}
    >
      <Icon className="toast-icon" size={20} />
      <div className="toast-text">
        <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>
        {item.description && (
          <RadixToast.Description className="toast-description">
            {item.description}
          </RadixToast.Description>
        )}
      </div>
      {item.action && (
        <RadixToast.Action
          className="btn btn-secondary btn-small toast-action"
          altText={item.action.altText}
          onClick={item.action.onAction}
        >
          {item.action.label}
        </RadixToast.Action>
      )}
      {!closeOnClick && (
        <RadixToast.Close className="icon-button toast-close" aria-label="Dismiss notification">
          <CloseIcon size={16} />
        </RadixToast.Close>
      )}
    </RadixToast.Root>
  );
}

interface RegionProps {
  region: ToastRegion;
  items: readonly ToastItem[];
}

function ToastRegionView({ region, items }: RegionProps) {
  // The corner shows the newest on top; the main region keeps arrival order. Radix portals
  // each toast into the viewport in mount order, so the visual order is set with CSS `order`.
  const ordered = region === 'corner' ? [...items].reverse() : items;
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {ordered.map((item, position) => (
        <ToastCard key={item.id} item={item} position={position} />
      ))}
      <RadixToast.Viewport
        className={`toast-viewport toast-viewport-${region}`}
        hotkey={region === 'corner' ? CORNER_HOTKEY : MAIN_HOTKEY}
        label={region === 'corner' ? 'Recent notifications ({hotkey})' : 'Notifications ({hotkey})'}
      />
    </RadixToast.Provider>
  );
}

/** Mount once at the root: renders both toast registrations from the shared store. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <>
      <ToastRegionView region="main" items={toasts.filter((t) => t.region === 'main')} />
      <ToastRegionView region="corner" items={toasts.filter((t) => t.region === 'corner')} />
    </>
  );
}

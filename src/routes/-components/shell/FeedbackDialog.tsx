import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import {
  FEEDBACK_TYPES,
  MIN_CONTENT_LENGTH,
  requestFormMachine,
  type RequestFormMachine,
} from '../../../machines/requestForm.machine';
import type { FeedbackType } from '../../../machines/requestForm.actors';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextArea } from '../../../ui/TextArea';
import './FeedbackDialog.css';

const FORM_ID = 'feedback-form';

interface FeedbackTypesProps {
  value: FeedbackType;
  onChange: (type: FeedbackType) => void;
}

/** Feature request, Bug or Question, as a row of pills (radio buttons underneath). */
function FeedbackTypes({ value, onChange }: FeedbackTypesProps) {
  return (
    <fieldset className="feedback-types">
      <legend className="field-label">Type</legend>
      <div className="feedback-type-options">
        {FEEDBACK_TYPES.map((type) => (
          <label key={type} className="feedback-type">
            <input
              type="radio"
              name="feedback-type"
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
            />
            <span>{type}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface FeedbackFormProps {
  machine: RequestFormMachine;
  onClose: () => void;
}

function FeedbackForm({ machine, onClose }: FeedbackFormProps) {
  const [state, send] = useMachine(machine, { input: { kind: 'feedback' } });
  const sent = state.matches('sent');
  useEffect(() => {
    if (sent) onClose();
  }, [sent, onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Share feedback"
      description="Tell us what works for you and what could be better. Our team reads every message."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            busy={state.hasTag('saving')}
            busyLabel="Sending..."
            disabled={!state.can({ type: 'SUBMIT' })}
          >
            Send feedback
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        className="request-form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <FeedbackTypes
          value={state.context.feedbackType}
          onChange={(feedbackType) => send({ type: 'SET_TYPE', feedbackType })}
        />
        <TextArea
          label="Your feedback"
          value={state.context.content}
          hint={`Write more than ${MIN_CONTENT_LENGTH} characters.`}
          maxLength={5000}
          onChange={(event) => send({ type: 'SET_CONTENT', content: event.target.value })}
        />
      </form>
    </Dialog>
  );
}

export interface FeedbackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Tests pass the machine with a stand-in call. */
  machine?: RequestFormMachine;
}

/** The feedback modal opened by Share feedback; each opening starts an empty form. */
export function FeedbackDialog({
  open,
  onOpenChange,
  machine = requestFormMachine,
}: FeedbackDialogProps) {
  if (!open) return null;
  return <FeedbackForm machine={machine} onClose={() => onOpenChange(false)} />;
}

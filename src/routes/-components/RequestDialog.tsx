import type { FeedbackType } from '@/api/types';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import {
  FEEDBACK_TYPES,
  MIN_CONTENT_LENGTH,
  type RequestFormInput,
  type RequestFormMachine,
} from '@/machines/request-form/request-form.machine';
import { requestFormView } from '@/machines/request-form/request-form.view';
import { sameView } from '@/machines/shared/same-view';
import { Dialog } from '@/ui/Dialog';
import { DialogActions } from '@/ui/DialogActions';
import { TextArea } from '@/ui/TextArea';
import './RequestDialog.css';

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

interface RequestDialogProps {
  machine: RequestFormMachine;
  /** Feedback also asks for its type. */
  input: RequestFormInput;
  title: string;
  description: string;
  contentLabel: string;
  submitLabel: string;
  /** Called on Cancel, on Escape, and once the request is sent (the machine has toasted). */
  onClose: () => void;
}

/** The Share feedback and integration-request modals: one text to send, longer than 5 characters. */
export function RequestDialog({
  machine,
  input,
  title,
  description,
  contentLabel,
  submitLabel,
  onClose,
}: RequestDialogProps) {
  const actor = useActorRef(machine, { input });
  const view = useSelector(actor, requestFormView, sameView);
  const { sent } = view;
  const send: typeof actor.send = (event) => actor.send(event);
  const formId = useId();
  useEffect(() => {
    if (sent) onClose();
  }, [sent, onClose]);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      footer={
        <DialogActions
          form={formId}
          busy={view.sending}
          busyLabel="Sending..."
          canSubmit={view.canSubmit}
          submitLabel={submitLabel}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        className="request-form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {input.kind === 'feedback' && (
          <FeedbackTypes
            value={view.feedbackType}
            onChange={(feedbackType) => send({ type: 'SET_TYPE', feedbackType })}
          />
        )}
        <TextArea
          label={contentLabel}
          value={view.content}
          hint={`Write more than ${MIN_CONTENT_LENGTH} characters.`}
          maxLength={5000}
          onChange={(event) => send({ type: 'SET_CONTENT', content: event.target.value })}
        />
      </form>
    </Dialog>
  );
}

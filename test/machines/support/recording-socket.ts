import { fromCallback, type EventObject } from 'xstate';
import type {
  ValidationSocketEvent,
  ValidationSocketInput,
} from '../../../src/machines/add-mailboxes/add-mailboxes.actors';

/**
 * A stand-in for the add-mailboxes validation socket that records each connection: the
 * addresses it was opened with, a way to speak for it, and whether the machine closed it.
 */
export function recordingSocket() {
  const connections: {
    addresses: readonly string[];
    send: (event: ValidationSocketEvent) => void;
    closed: boolean;
  }[] = [];
  const logic = fromCallback<EventObject, ValidationSocketInput>(({ input, sendBack }) => {
    const connection = { addresses: input.addresses, send: sendBack, closed: false };
    connections.push(connection);
    return () => {
      connection.closed = true;
    };
  });
  const last = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error('no connection yet');
    return connection;
  };
  return { logic, connections, last };
}

import { useFormikContext } from 'formik';
import { useUnsavedChanges } from '../lib/use-unsaved-changes';

/**
 * useUnsavedChanges for a Formik form: place it inside <Formik>; the form's own `dirty` (values
 * differ from the initial ones) decides, unless `dirty` is given.
 */
export function UnsavedFormGuard({ dirty }: { dirty?: boolean }) {
  const formik = useFormikContext();
  useUnsavedChanges(dirty ?? formik.dirty);
  return null;
}

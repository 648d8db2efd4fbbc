/**
 * Endpoint panels and the Problems panel over one store, validated at once on every change
 * (the page does the same through the worker, debounced): the two read the same issues.
 */
import { useEffect, useMemo, useState } from 'react';
import { validateEndpoints, type ImportWarning } from '../../../src/shared/openapi';
import { EndpointPanel } from '../../../src/app/generator/EndpointPanel';
import { validationView } from '../../../src/app/model/endpoint-ops';
import { useOrder, useReport, type EndpointStore } from '../../../src/app/model/endpoint-store';
import { collectProblems } from '../../../src/app/generator/problems';
import { ProblemsPanel, useGenerateBlockedReason } from '../../../src/app/generator/ProblemsPanel';
import { useTouchedVersion } from '../../../src/app/model/touched';

export function ProblemsHarness({
  store,
  warnings = [],
}: {
  store: EndpointStore;
  warnings?: ImportWarning[];
}) {
  const order = useOrder(store);
  const report = useReport(store);
  const touched = useTouchedVersion(store.touched);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const run = () => store.setReport(validateEndpoints(store.list().map(validationView)));
    run();
    return store.subscribeChange(run);
  }, [store]);
  const problems = useMemo(
    () =>
      collectProblems(
        order,
        (id) => store.getEndpoint(id),
        report,
        warnings,
        store.touched.isShown,
      ),
    // touched: a field touched shows its problems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order, store, report, warnings, touched],
  );
  const reason = useGenerateBlockedReason(problems);
  return (
    <>
      <button type="button" disabled={report?.canGenerate !== true} title={reason}>
        Generate OpenAPI
      </button>
      <ProblemsPanel problems={problems} open={open} onToggle={setOpen} onSelect={() => {}} />
      {order.map((id) => (
        <EndpointPanel key={id} store={store} id={id} onDuplicate={() => {}} onRemove={() => {}} />
      ))}
    </>
  );
}

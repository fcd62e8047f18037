import { useId, useState, type SubmitEvent } from 'react';
import { PLAY_DATA_TEXT, REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '@portal/shared-contracts/play-data';
import { sendReport } from '@portal/runtime/player-requests';
import { loadToast } from '../ui/load-toast';
import './report-problem.css';

/** "Report a problem": a reason, optional words, one report per device, game and day (the API says so). */
export function ReportProblem({ gameId }: { gameId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('does_not_load');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const formId = useId();

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setSending(true);
    const [outcome, toast] = await Promise.all([sendReport(gameId, reason, text), loadToast()]);
    setSending(false);
    // One id per outcome: react-toastify drops a toast whose id is still on screen, so a shared
    // id hid "already reported" behind the thanks of a moment before.
    if (outcome === 'failed') {
      toast.error(PLAY_DATA_TEXT.reportFailed, { toastId: 'report-problem-failed' });
      return;
    }
    if (outcome === 'sent') toast.success(PLAY_DATA_TEXT.reportThanks, { toastId: 'report-problem-sent' });
    else if (outcome === 'bounded') toast.info(PLAY_DATA_TEXT.reportsBounded, { toastId: 'report-problem-bounded' });
    else toast.info(PLAY_DATA_TEXT.reportAlready, { toastId: 'report-problem-already' });
    setOpen(false);
    setText('');
  };

  return (
    <div className="report-problem">
      <button
        type="button"
        className="report-problem__toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((value) => !value)}
      >
        {PLAY_DATA_TEXT.reportProblem}
      </button>
      {open && (
        <form id={formId} className="report-problem__form" onSubmit={(event) => void submit(event)}>
          <fieldset className="report-problem__reasons">
            <legend>{PLAY_DATA_TEXT.reportProblem}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report-problem__reason">
                <input type="radio" name="reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
                {PLAY_DATA_TEXT.reportReasons[value]}
              </label>
            ))}
          </fieldset>
          <label className="report-problem__text">
            {PLAY_DATA_TEXT.reportTextLabel}
            <textarea value={text} maxLength={REPORT_TEXT_MAX} rows={3} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="report-problem__actions">
            <button type="submit" className="button button--primary" disabled={sending}>
              {PLAY_DATA_TEXT.reportSend}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {PLAY_DATA_TEXT.reportCancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

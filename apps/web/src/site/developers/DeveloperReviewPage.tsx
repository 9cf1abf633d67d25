import './developers.css';
import { DEVELOPERS_PAGE, DEVELOPER_REVIEW_PAGE, developerReviewHead } from '@loopbox/pages';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { failureText } from '../../shared/backend.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { PLATFORM_LABELS } from './constants.ts';
import { decide, openRequests, type OpenRequest } from './developers-api.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { TextField } from '../../ui/Field.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { Alert } from '../../ui/Alert.tsx';

/** Staff's list of requests for production keys (`/dashboard/developers/review`): approve or refuse each with a note. */
export default function DeveloperReviewPage() {
  usePage(developerReviewHead(), { pagePath: DEVELOPER_REVIEW_PAGE });
  const [requests, setRequests] = useState<OpenRequest[]>();
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => openRequests().then(setRequests, () => setFailed(true)), []);
  useEffect(() => void reload(), [reload]);
  if (failed) return <PageFailed onRetry={() => location.reload()}>The requests could not be loaded.</PageFailed>;
  if (!requests) return <PageLoading label="Loading requests" />;
  return (
    <div className="lb-developers">
      <h1>Requests for production keys</h1>
      <p>
        <Link href={DEVELOPERS_PAGE}>Back to your apps</Link>
      </p>
      {requests.length === 0 ? (
        <EmptyState title="No request is waiting.">Requests for production keys show here.</EmptyState>
      ) : (
        requests.map((request) => <RequestCard key={request.id} request={request} onDecided={reload} />)
      )}
    </div>
  );
}

function RequestCard({ request, onDecided }: { request: OpenRequest; onDecided: () => Promise<void> }) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  const send = async (decision: 'approved' | 'refused') => {
    try {
      await decide(request.id, decision, note);
      await onDecided();
    } catch (err) {
      setProblem(failureText(err, 'The decision was not saved.'));
    }
  };
  return (
    <Card className="lb-developers__app" role="article" aria-labelledby={`request-${request.id}`}>
      <h2 id={`request-${request.id}`}>{request.app_name}</h2>
      <p>
        {PLATFORM_LABELS[request.platform]} app by @{request.owner}, asked {formatDateTime(request.created_at)}
      </p>
      {request.app_description ? <p>{request.app_description}</p> : null}
      {request.note ? <blockquote>{request.note}</blockquote> : null}
      <TextField label="Note to the developer" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      <div className="lb-button-row">
        <Button variant="primary" onClick={() => void send('approved')}>
          Approve
        </Button>
        <Button variant="danger" onClick={() => void send('refused')}>
          Refuse
        </Button>
      </div>
      {problem && <Alert>{problem}</Alert>}
    </Card>
  );
}

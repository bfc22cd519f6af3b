import { Badge, Button, Card } from '@promatch/shared';
import { type SelectedCompany as Selected } from '@promatch/shared/validation';

/** The chosen company with its badge; 'Change Company' returns to none. */
export function SelectedCompany({ company, onChange }: { company: Selected; onChange(): void }) {
  const { record, verified } = company;
  return (
    <Card aria-label="Selected company" role="region">
      <p style={{ margin: 0, fontWeight: 600 }}>{record.company_name}</p>
      <p style={{ margin: '0.25rem 0' }}>Company number {record.company_number}</p>
      {record.address ? <p style={{ margin: '0.25rem 0' }}>{record.address}</p> : null}
      <Badge $tone={verified ? 'success' : 'warning'}>
        {verified ? 'Verified' : 'Pending Verification'}
      </Badge>
      {verified ? null : (
        <p style={{ margin: '0.5rem 0 0' }}>
          We will verify this company within 1-2 business days.
        </p>
      )}
      <div style={{ marginTop: '0.75rem' }}>
        <Button type="button" $variant="outline" $size="sm" onClick={onChange}>
          Change Company
        </Button>
      </div>
    </Card>
  );
}

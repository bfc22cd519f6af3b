import { Badge, Button, Card, Stack, Text } from '@promatch/shared';
import { type SelectedCompany as Selected } from '@promatch/shared/validation';

/** The chosen company with its badge; 'Change Company' returns to none. */
export function SelectedCompany({ company, onChange }: { company: Selected; onChange(): void }) {
  const { record, verified } = company;
  return (
    <Card aria-label="Selected company" role="region">
      <Stack $gap="md" $align="start">
        <Stack $gap="xs" $align="start">
          <Text $weight={600}>{record.company_name}</Text>
          <p>Company number {record.company_number}</p>
          {record.address ? <p>{record.address}</p> : null}
          <Badge $tone={verified ? 'success' : 'warning'}>
            {verified ? 'Verified' : 'Pending Verification'}
          </Badge>
        </Stack>
        {verified ? null : <p>We will verify this company within 1-2 business days.</p>}
        <Button type="button" $variant="outline" $size="sm" onClick={onChange}>
          Change Company
        </Button>
      </Stack>
    </Card>
  );
}

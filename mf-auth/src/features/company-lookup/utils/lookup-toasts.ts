import { toast } from '@promatch/shared';

/** The company lookup messages (fixed product wording), in one place. */
export const lookupToasts = {
  searchFallback: (error: string | null) =>
    toast({
      title: 'API Temporarily Unavailable',
      description: error || 'Please use manual entry below.',
      variant: 'destructive',
    }),
  searchError: () =>
    toast({
      title: 'Search Error',
      description: 'Companies House API is unavailable. Please use manual entry.',
      variant: 'destructive',
    }),
  verified: (name: string) =>
    toast({
      title: 'Company Verified',
      description: `${name} has been verified with Companies House.`,
      variant: 'success',
    }),
  verifyFailed: (error: string | null) =>
    toast({
      title: 'Verification Failed',
      description: error || 'Company could not be verified.',
      variant: 'destructive',
    }),
  verifyFallback: () =>
    toast({
      title: 'API Unavailable',
      description: 'Please use manual entry or contact support.',
      variant: 'destructive',
    }),
  verifyError: () =>
    toast({
      title: 'Verification Error',
      description: 'API unavailable. Please use manual entry.',
      variant: 'destructive',
    }),
  manualMissing: (message: string) =>
    toast({ title: 'Missing Information', description: message, variant: 'destructive' }),
  manualInvalidNumber: (message: string) =>
    toast({ title: 'Invalid Company Number', description: message, variant: 'destructive' }),
  manualAdded: () =>
    toast({
      title: 'Company Added',
      description: 'Company information saved. Verification will be completed later.',
      variant: 'success',
    }),
};

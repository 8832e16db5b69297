import { zodResolver } from '@hookform/resolvers/zod';
import '../../../shared/zod-danish.ts';
import RestoreIcon from '@mui/icons-material/Restore';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { formatKrInput } from '../../../shared/domain/money.ts';
import { cleanText } from '../../../shared/domain/names.ts';
import { billClosingText, billGreetingText } from '../../../shared/domain/shop-settings.ts';
import type { ShopSettings } from '../../../shared/schemas/api-settings.ts';
import {
  type ShopSettingsFormValues,
  type ShopSettingsUpdate,
  shopSettingsFormSchema,
} from '../../../shared/schemas/shop-settings.ts';
import { texts } from '../../../shared/texts.ts';
import { useSession } from '../../api/session.ts';
import { useSaveShopSettings, useShopSettings } from '../../api/settings.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { previewText } from './bill-preview.ts';

const t = texts.shop;
const m = texts.money.settings;
const DEFAULT_GREETING = cleanText(texts.bill.defaultGreeting);
const DEFAULT_CLOSING = cleanText(texts.bill.defaultClosing);

/** The form shows the texts the bill uses: the defaults written out, so she can edit them. */
function formValues(settings: ShopSettings): ShopSettingsFormValues {
  return {
    shopName: settings.shopName,
    postage: formatKrInput(settings.postageOre),
    postageHome: formatKrInput(settings.postageHomeOre),
    mobilePayNumber: settings.mobilePayNumber ?? '',
    mobilePayBox: settings.mobilePayBox ?? '',
    bankReg: settings.bankReg ?? '',
    bankAccount: settings.bankAccount ?? '',
    billGreeting: billGreetingText(settings),
    billClosing: billClosingText(settings),
    reminderDays: String(settings.reminderDays),
    lowStockThreshold: String(settings.lowStockThreshold),
    address: settings.address ?? '',
    cvr: settings.cvr ?? '',
    vatRegistered: settings.vatRegistered,
  };
}

/** A text equal to today's default is saved as null, so the bill keeps following the default. */
function toBody(values: ShopSettingsUpdate): ShopSettingsUpdate {
  return {
    ...values,
    billGreeting: values.billGreeting === DEFAULT_GREETING ? null : values.billGreeting,
    billClosing: values.billClosing === DEFAULT_CLOSING ? null : values.billClosing,
  };
}

/** Indstillinger → Butik: the shop's name, postage, ways to pay and the bill's own words. */
export function ShopSettingsCard() {
  const id = useId();
  const settings = useShopSettings();

  let content: ReactNode;
  if (settings.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (settings.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => settings.refetch()}>
            {t.retry}
          </Button>
        }
      >
        {t.loadFailed}
      </Alert>
    );
  } else {
    content = <ShopSettingsForm saved={settings.data} />;
  }

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.title}
        </Typography>
        <Typography color="text.secondary">{t.intro}</Typography>
        {content}
      </CardContent>
    </Card>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h3" component="h3" sx={{ pt: 1 }}>
      {children}
    </Typography>
  );
}

function ShopSettingsForm({ saved }: { saved: ShopSettings }) {
  const save = useSaveShopSettings();
  const session = useSession();
  const form = useForm<ShopSettingsFormValues, unknown, ShopSettingsUpdate>({
    resolver: zodResolver(shopSettingsFormSchema),
    defaultValues: formValues(saved),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  // Saved here or elsewhere (a live change): show the new values unless she is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(formValues(saved));
  }, [saved, form]);

  const values = useWatch({ control: form.control }) as ShopSettingsFormValues;
  const preview = useMemo(
    () => previewText(values, saved, session.data?.name),
    [values, saved, session.data?.name],
  );

  const submit = form.handleSubmit(async (parsed) => {
    try {
      const result = await save.mutateAsync(toBody(parsed));
      form.reset(formValues(result));
      notifySuccess(t.saved);
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error.field) : null;
      if (field && error instanceof ApiError)
        form.setError(field, { message: error.message }, { shouldFocus: true });
      else notifyError(error);
    }
  });

  const restoreDefaults = () => {
    form.setValue('billGreeting', DEFAULT_GREETING, { shouldDirty: true, shouldValidate: true });
    form.setValue('billClosing', DEFAULT_CLOSING, { shouldDirty: true, shouldValidate: true });
  };

  const field = (name: FieldPath<ShopSettingsFormValues>, props: TextFieldProps) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <TextField
          name={f.name}
          inputRef={f.ref}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ?? props.helperText}
          autoComplete="off"
          fullWidth
          {...props}
        />
      )}
    />
  );
  const kr = { input: { endAdornment: <InputAdornment position="end">kr</InputAdornment> } };
  const digits = { htmlInput: { inputMode: 'numeric' as const } };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {field('shopName', { label: t.shopName, required: true, helperText: t.shopNameHelper })}

      <SectionTitle>{t.postageTitle}</SectionTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('postage', {
          label: t.postage,
          required: true,
          slotProps: { ...kr, htmlInput: { inputMode: 'decimal' } },
        })}
        {field('postageHome', {
          label: t.postageHome,
          required: true,
          slotProps: { ...kr, htmlInput: { inputMode: 'decimal' } },
        })}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t.postageHelper}
      </Typography>

      <SectionTitle>{t.paymentTitle}</SectionTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t.paymentHelper}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('mobilePayNumber', { label: t.mobilePayNumber, slotProps: { ...digits }, type: 'tel' })}
        {field('mobilePayBox', { label: t.mobilePayBox, slotProps: { ...digits } })}
      </Stack>
      <Stack direction="row" spacing={2}>
        {field('bankReg', {
          label: t.bankReg,
          slotProps: { ...digits },
          sx: { flex: { xs: '0 0 7.5rem', sm: '0 0 9rem' } },
        })}
        {field('bankAccount', { label: t.bankAccount, slotProps: { ...digits } })}
      </Stack>

      {/* Betalingspåmindelser: after how many days an unpaid order needs a reminder. */}
      <SectionTitle>{texts.reminders.title}</SectionTitle>
      {field('reminderDays', {
        label: texts.reminders.setting,
        required: true,
        helperText: texts.reminders.settingHelper,
        slotProps: { htmlInput: { inputMode: 'numeric' as const } },
        sx: { maxWidth: { sm: '24rem' } },
      })}

      {/* Lager: 'Få tilbage' on Nåle (docs/product/stock.md). */}
      <SectionTitle>{texts.stock.rowLabel}</SectionTitle>
      {field('lowStockThreshold', {
        label: texts.stock.settings.threshold,
        required: true,
        helperText: texts.stock.settings.thresholdHelper,
        slotProps: {
          htmlInput: { inputMode: 'numeric' as const },
          input: {
            endAdornment: <InputAdornment position="end">{texts.stock.settings.unit}</InputAdornment>,
          },
        },
        sx: { maxWidth: { sm: '24rem' } },
      })}

      {/* Receipts and the books (docs/product/money.md). */}
      <SectionTitle>{m.title}</SectionTitle>
      {field('address', { label: m.address, multiline: true, minRows: 2, helperText: m.addressHelper })}
      {field('cvr', {
        label: m.cvr,
        slotProps: { ...digits },
        sx: { maxWidth: { sm: '24rem' } },
      })}
      <Controller
        control={form.control}
        name="vatRegistered"
        render={({ field: f }) => (
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={Boolean(f.value)}
                  onChange={(event) => f.onChange(event.target.checked)}
                  slotProps={{ input: { ref: f.ref } }}
                />
              }
              label={m.vatRegistered}
            />
            <Typography variant="body2" color="text.secondary">
              {f.value ? m.vatHelper : m.notVatHelper}
            </Typography>
          </Box>
        )}
      />

      <SectionTitle>{t.billTitle}</SectionTitle>
      {field('billGreeting', {
        label: t.billGreeting,
        multiline: true,
        minRows: 2,
        helperText: t.billGreetingHelper,
      })}
      {field('billClosing', {
        label: t.billClosing,
        multiline: true,
        minRows: 1,
        helperText: t.billClosingHelper,
      })}
      <Box>
        <Button startIcon={<RestoreIcon />} onClick={restoreDefaults}>
          {t.restoreDefault}
        </Button>
      </Box>

      <Box component="figure" sx={{ m: 0 }}>
        <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {t.preview}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.previewHint}
        </Typography>
        <Box
          data-testid="bill-preview"
          aria-live="polite"
          sx={{
            mt: 1,
            p: 1.5,
            borderRadius: 2,
            bgcolor: 'grey.100',
            border: 1,
            borderColor: 'divider',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: '0.875rem',
            lineHeight: 1.5,
          }}
        >
          {preview}
        </Box>
      </Box>

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => form.reset(formValues(saved))} disabled={!isDirty || isSubmitting}>
          {texts.common.cancel}
        </Button>
        <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={isSubmitting}>
          {isSubmitting ? texts.common.saving : t.save}
        </Button>
      </Box>
    </Box>
  );
}

const FORM_FIELD_OF: Record<string, FieldPath<ShopSettingsFormValues>> = {
  shopName: 'shopName',
  postageOre: 'postage',
  postageHomeOre: 'postageHome',
  mobilePayNumber: 'mobilePayNumber',
  mobilePayBox: 'mobilePayBox',
  bankReg: 'bankReg',
  bankAccount: 'bankAccount',
  billGreeting: 'billGreeting',
  billClosing: 'billClosing',
  reminderDays: 'reminderDays',
  lowStockThreshold: 'lowStockThreshold',
  address: 'address',
  cvr: 'cvr',
};

/** The form field a server refusal names (the API's field names differ for the postage). */
function fieldOf(apiField: string | undefined): FieldPath<ShopSettingsFormValues> | null {
  return apiField ? (FORM_FIELD_OF[apiField] ?? null) : null;
}

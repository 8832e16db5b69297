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
  MenuItem,
  TextField,
  type TextFieldProps,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { cleanName, cleanText } from '../../../shared/domain/names.ts';
import {
  CARRIERS,
  type Carrier,
  carrierLabel,
  DEFAULT_MESSAGES,
  DEFAULT_TRACKING_URLS,
  TRACKING_URL_FIELD,
} from '../../../shared/domain/outgoing-texts.ts';
import {
  type MessageSettings,
  type MessageSettingsFormValues,
  type MessageSettingsUpdate,
  messageSettingsFormSchema,
} from '../../../shared/schemas/outgoing.ts';
import { texts } from '../../../shared/texts.ts';
import { useMessageSettings, useSaveMessageSettings } from '../../api/outgoing.ts';
import { LoadingState } from '../../components/loading-state.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { previewTexts } from './message-preview.ts';

const t = texts.outgoing.settings;
const o = texts.outgoing;
const DEFAULT_SHIPPED = cleanText(DEFAULT_MESSAGES.shipped);
const DEFAULT_ARRIVED = cleanText(DEFAULT_MESSAGES.arrived);

/** The form shows what the texts use: the defaults written out, so she can edit them. */
function formValues(settings: MessageSettings): MessageSettingsFormValues {
  const url = (carrier: Carrier) =>
    settings[TRACKING_URL_FIELD[carrier]] ?? DEFAULT_TRACKING_URLS[carrier] ?? '';
  return {
    carrier: settings.carrier,
    trackingUrlPostnord: url('postnord'),
    trackingUrlGls: url('gls'),
    trackingUrlDao: url('dao'),
    trackingUrlOwn: url('own'),
    messageShipped: settings.messageShipped ?? DEFAULT_SHIPPED,
    messageArrived: settings.messageArrived ?? DEFAULT_ARRIVED,
  };
}

/** A text or link equal to the default is saved as null, so it keeps following the default. */
export function toBody(values: MessageSettingsUpdate): MessageSettingsUpdate {
  const url = (carrier: Carrier, value: string | null) =>
    value !== null && value === DEFAULT_TRACKING_URLS[carrier] ? null : value;
  return {
    ...values,
    trackingUrlPostnord: url('postnord', values.trackingUrlPostnord),
    trackingUrlGls: url('gls', values.trackingUrlGls),
    trackingUrlDao: url('dao', values.trackingUrlDao),
    trackingUrlOwn: url('own', values.trackingUrlOwn),
    messageShipped: values.messageShipped === DEFAULT_SHIPPED ? null : values.messageShipped,
    messageArrived: values.messageArrived === DEFAULT_ARRIVED ? null : values.messageArrived,
  };
}

/**
 * Indstillinger → Beskeder (docs/product/messages.md#texts-that-go-out): the carrier she sends with, each carrier's
 * tracking link, and 'Din pakke er sendt' and 'Din perle er kommet', each with a live example.
 */
export function MessageSettingsCard() {
  const id = useId();
  const settings = useMessageSettings();

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
    content = <MessageSettingsForm saved={settings.data} />;
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

/** 'Eksempel': the message as a customer gets it, following the form as she types. */
function Preview({ label, text }: { label: string; text: string }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {label}
      </Typography>
      <Box
        role="status"
        aria-label={label}
        sx={{
          mt: 0.5,
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
        {text}
      </Box>
    </Box>
  );
}

function MessageSettingsForm({ saved }: { saved: MessageSettings }) {
  const save = useSaveMessageSettings();
  const form = useForm<MessageSettingsFormValues, unknown, MessageSettingsUpdate>({
    resolver: zodResolver(messageSettingsFormSchema),
    defaultValues: formValues(saved),
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  // Saved here or elsewhere (a live change): show the new values unless she is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(formValues(saved));
  }, [saved, form]);

  const values = useWatch({ control: form.control }) as MessageSettingsFormValues;
  const preview = useMemo(() => previewTexts(values), [values]);

  const submit = form.handleSubmit(async (parsed) => {
    try {
      const result = await save.mutateAsync(toBody(parsed));
      form.reset(formValues(result));
      notifySuccess(t.saved);
    } catch (error) {
      const field = error instanceof ApiError ? (error.field as FieldPath<MessageSettingsFormValues>) : null;
      if (field && field in values && error instanceof ApiError)
        form.setError(field, { message: error.message }, { shouldFocus: true });
      else notifyError(error);
    }
  });

  const restoreDefaults = () => {
    const set = (name: FieldPath<MessageSettingsFormValues>, value: string) =>
      form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
    set('messageShipped', DEFAULT_SHIPPED);
    set('messageArrived', DEFAULT_ARRIVED);
    for (const carrier of CARRIERS) {
      const fallback = DEFAULT_TRACKING_URLS[carrier];
      if (fallback) set(TRACKING_URL_FIELD[carrier], fallback);
    }
  };

  const field = (name: FieldPath<MessageSettingsFormValues>, props: TextFieldProps) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <TextField
          {...props}
          name={f.name}
          inputRef={f.ref}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={(event) => {
            if (name.startsWith('trackingUrl')) f.onChange(cleanName(event.target.value));
            f.onBlur();
          }}
          error={Boolean(errors[name])}
          helperText={errors[name]?.message ?? props.helperText}
          autoComplete="off"
          fullWidth
        />
      )}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <SectionTitle>{t.carrierTitle}</SectionTitle>
      {field('carrier', {
        select: true,
        label: t.carrier,
        helperText: t.carrierHelper,
        sx: { maxWidth: { sm: '24rem' } },
        children: CARRIERS.map((carrier) => (
          <MenuItem key={carrier} value={carrier}>
            {carrierLabel(carrier)}
          </MenuItem>
        )),
      })}
      {CARRIERS.map((carrier) => (
        <Box key={carrier}>
          {field(TRACKING_URL_FIELD[carrier], {
            label: t.trackingUrl(carrierLabel(carrier)),
            helperText: carrier === 'own' ? t.ownUrlHelper : t.trackingUrlHelper,
            slotProps: { htmlInput: { inputMode: 'url' as const, spellCheck: false } },
          })}
        </Box>
      ))}

      <SectionTitle>{t.templatesTitle}</SectionTitle>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
        {t.templatesHelper}
      </Typography>
      {field('messageShipped', {
        label: o.shippedTitle,
        multiline: true,
        minRows: 4,
        helperText: t.shippedHelper,
      })}
      <Preview label={`${t.preview}: ${o.shippedTitle}`} text={preview.shipped} />
      {field('messageArrived', {
        label: o.arrivedTitle,
        multiline: true,
        minRows: 4,
        helperText: t.arrivedHelper,
      })}
      <Preview label={`${t.preview}: ${o.arrivedTitle}`} text={preview.arrived} />
      <Box>
        <Button startIcon={<RestoreIcon />} onClick={restoreDefaults}>
          {t.restoreDefault}
        </Button>
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

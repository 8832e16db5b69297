import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Fragment, type ReactNode, useId } from 'react';
import type { PhoneSetup } from '../../../shared/schemas/api-phone.ts';
import { phoneTexts } from '../../../shared/texts/phone.ts';
import { usePhoneSetup } from '../../api/phone.ts';
import { LoadingState } from '../../components/loading-state.tsx';

const t = phoneTexts.card;

/**
 * Indstillinger → Telefon: the address a phone opens and its QR code; with the shop's own root also
 * the root's fingerprint, its download and how a phone stops trusting it again. The QR code is the server's
 * SVG shown as an image (no QR library in the client, and no markup from an answer put into the page).
 */
export function PhoneCard() {
  const id = useId();
  const setup = usePhoneSetup();

  let content: ReactNode;
  if (setup.isPending) {
    content = <LoadingState label={t.loading} />;
  } else if (setup.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => setup.refetch()} sx={{ whiteSpace: 'nowrap' }}>
            {t.retry}
          </Button>
        }
      >
        {t.loadFailed}
      </Alert>
    );
  } else {
    content = <PhoneSetupView setup={setup.data} />;
  }

  return (
    <Card component="section" aria-labelledby={`${id}-title`}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={`${id}-title`} variant="h2">
          {t.title}
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
}

function PhoneSetupView({ setup }: { setup: PhoneSetup }) {
  switch (setup.mode) {
    case 'builtin':
      return (
        <>
          <Typography color="text.secondary">{t.intro}</Typography>
          {setup.appUrl ? (
            <PhoneAddress
              url={setup.appUrl}
              label={t.address}
              qrSvg={setup.qrSvg}
              qrLabel={t.qrLabel}
              scanHint={t.scan}
            />
          ) : (
            <Alert severity="info">{t.noNetwork}</Alert>
          )}
          {setup.rootFingerprint && <Fingerprint value={setup.rootFingerprint} />}
          {setup.certificateUrl && (
            <Box>
              <Button
                component="a"
                href={setup.certificateUrl}
                download
                variant="outlined"
                startIcon={<DownloadIcon />}
              >
                {t.download}
              </Button>
            </Box>
          )}
          {setup.rootName && <RemoveTrust rootName={setup.rootName} />}
        </>
      );
    case 'own':
    case 'proxy': {
      const lead = setup.mode === 'own' ? t.own : t.offProxy;
      return (
        <>
          <Typography color="text.secondary">{lead}</Typography>
          {setup.appUrl ? (
            <PhoneAddress
              url={setup.appUrl}
              qrSvg={setup.qrSvg}
              qrLabel={t.qrAppLabel}
              scanHint={t.scanApp}
            />
          ) : (
            <Alert severity="info">{t.noNetwork}</Alert>
          )}
        </>
      );
    }
    case 'off':
      return (
        <>
          <Alert severity="info">{t.offHttps}</Alert>
          {setup.appUrl && (
            <PhoneAddress
              url={setup.appUrl}
              label={t.address}
              qrSvg={setup.qrSvg}
              qrLabel={t.qrAppLabel}
              scanHint={t.scanApp}
            />
          )}
        </>
      );
  }
}

const svgImage = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/**
 * The address as text to select (one click selects all of it) beside its QR code. `label` is left out where
 * the sentence above already leads into the address.
 */
function PhoneAddress(props: {
  url: string;
  label?: string;
  qrSvg: string | null;
  qrLabel: string;
  scanHint: string;
}) {
  const address = (
    <Typography
      component={props.label ? 'dd' : 'p'}
      sx={{ m: 0, fontSize: '1.15rem', fontWeight: 600, userSelect: 'all', overflowWrap: 'anywhere' }}
    >
      {props.url}
    </Typography>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {props.label ? (
          <Box component="dl" sx={{ m: 0 }}>
            <Typography component="dt" variant="subtitle2" color="text.secondary">
              {props.label}
            </Typography>
            {address}
          </Box>
        ) : (
          address
        )}
        {props.qrSvg && (
          <Typography variant="body2" color="text.secondary">
            {props.scanHint}
          </Typography>
        )}
      </Box>
      {props.qrSvg && (
        <Box
          component="img"
          src={svgImage(props.qrSvg)}
          alt={props.qrLabel}
          width={176}
          height={176}
          sx={{
            flexShrink: 0,
            alignSelf: { xs: 'center', sm: 'auto' },
            display: 'block',
            bgcolor: 'common.white',
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
          }}
        />
      )}
    </Box>
  );
}

/** The SHA-256 fingerprint in monospace; a long line breaks only after a colon, never inside a pair. */
function Fingerprint({ value }: { value: string }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography component="dt" variant="subtitle2" color="text.secondary">
        {t.fingerprint}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
          fontSize: '0.875rem',
          lineHeight: 1.6,
        }}
      >
        {[...value.matchAll(/[^:]+:?/g)].map((pair) => (
          <Fragment key={pair.index}>
            {pair[0]}
            <wbr />
          </Fragment>
        ))}
      </Typography>
      <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
        {t.fingerprintHint}
      </Typography>
    </Box>
  );
}

/** How each kind of phone stops trusting the root again. */
function RemoveTrust({ rootName }: { rootName: string }) {
  const id = useId();
  const steps = [t.removeIphone, t.removeAndroid].map((step) => step.replaceAll('{navn}', rootName));
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pt: 1 }}
    >
      <Typography id={id} variant="h3" component="h3">
        {t.removeTitle}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {steps.map((step) => (
          <Typography key={step} component="li" variant="body2">
            {step}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

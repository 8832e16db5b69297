import { Avatar } from '@mui/material';
import { avatarColors } from '../../shared/domain/avatar.ts';
import { initialLetter } from '../../shared/domain/collation.ts';

/** A coloured circle with the name's initial; colour from a hash of the name, text black or white. */
export function InitialAvatar({ name, size = 40 }: { name: string; size?: number }) {
  const colors = avatarColors(name);
  return (
    <Avatar
      aria-hidden
      sx={{
        bgcolor: colors.background,
        color: colors.color,
        width: size,
        height: size,
        fontSize: size * 0.45,
        fontWeight: 700,
      }}
    >
      {initialLetter(name)}
    </Avatar>
  );
}

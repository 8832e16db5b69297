import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, OutlinedInput } from '@mui/material';
import { forwardRef } from 'react';
import { texts } from '../../shared/texts.ts';

type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoFocus?: boolean;
  label?: string;
};

/**
 * The reusable search field (docs/product/screens.md): focused on arrival, clear button only when
 * there is text. An OutlinedInput rather than a TextField: it has no label to float, and TextField brings
 * MUI's whole Select (its Menu, Popover and Modal) into the first screen of every list that has a search.
 */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox(
  { value, onChange, placeholder, autoFocus = true, label },
  ref,
) {
  return (
    <OutlinedInput
      inputRef={ref}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      size="small"
      type="search"
      autoComplete="off"
      fullWidth
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          onChange('');
        }
      }}
      inputProps={{ 'aria-label': label ?? placeholder, enterKeyHint: 'search' }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon fontSize="small" />
        </InputAdornment>
      }
      endAdornment={
        value ? (
          <InputAdornment position="end">
            <IconButton
              size="small"
              aria-label={texts.app.clearSearchField}
              onClick={() => onChange('')}
              edge="end"
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
      sx={{
        bgcolor: 'background.paper',
        // The native clear button of type=search would duplicate ours.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
    />
  );
});

import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGE_TEXT, searchPath } from 'shared-contracts';
import { Icon } from 'ui';
import './search-box.css';

/**
 * Header search (product §2): Enter or the icon searches; blank text does nothing; the box
 * clears afterwards. On small screens the icon first toggles the input open.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [openOnMobile, setOpenOnMobile] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const submit = (event?: SubmitEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (query === '') return;
    void navigate(searchPath(query));
    setText('');
    setOpenOnMobile(false);
  };

  const onIconClick = () => {
    const isCompact = window.matchMedia('(max-width: 767px)').matches;
    if (isCompact && (!openOnMobile || text.trim() === '')) {
      setOpenOnMobile((open) => !open);
      if (!openOnMobile) requestAnimationFrame(() => inputRef.current?.focus());
      return;
    }
    submit();
  };

  return (
    <form className={`search-box${openOnMobile ? ' search-box--open' : ''}`} role="search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {PAGE_TEXT.searchPlaceholder}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="search-box__input"
        type="search"
        placeholder={PAGE_TEXT.searchPlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="button" className="search-box__icon" aria-label="Search" aria-expanded={openOnMobile} onClick={onIconClick}>
        <Icon name="search" />
      </button>
    </form>
  );
}

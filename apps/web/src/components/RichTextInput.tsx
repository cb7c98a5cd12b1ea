import type { ReactNode } from 'react';
import { Input } from '@mantine/core';
import { LazyDescriptionEditor } from './editor/LazyDescriptionEditor';

interface RichTextInputProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: ReactNode;
  minHeight?: number;
}

/**
 * A rich-text description as a form field (new group, new project, project settings): the editor with a visible
 * label, help and the server's error under it, like the other inputs.
 */
export function RichTextInput({ label, description, value, onChange, error, minHeight = 120 }: RichTextInputProps) {
  return (
    // A div, not a label: the editing area is not a form control a label can point at; it carries the name itself.
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <div style={{ marginTop: description ? 6 : 4 }}>
        <LazyDescriptionEditor
          label={label}
          value={value}
          onChange={onChange}
          invalid={Boolean(error)}
          minHeight={minHeight}
        />
      </div>
    </Input.Wrapper>
  );
}

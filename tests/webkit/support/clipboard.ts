import { Key, type WebDriver } from 'selenium-webdriver';
import { screen, waitFor } from './screen.ts';

/**
 * What the clipboard holds, read back by a real paste (Ctrl+V through WebDriver) into a text area of the test's
 * own: a script may not read the clipboard in WebKit (NotAllowedError), a paste by the person may. The text area
 * goes again afterwards, so it lies over nothing the test taps next.
 */
export async function pasteClipboard(phone: WebDriver): Promise<string> {
  await phone.executeScript(
    `document.getElementById('pasted-by-test')?.remove();
     const area = document.createElement('textarea');
     area.id = 'pasted-by-test';
     area.setAttribute('aria-label', 'Indsat tekst');
     area.style.cssText = 'position:fixed;top:80px;left:8px;width:300px;height:200px;z-index:99999';
     document.body.append(area);`,
  );
  const pasted = screen(phone).role('textbox', { name: 'Indsat tekst' });
  await pasted.click();
  await phone.actions().keyDown(Key.CONTROL).sendKeys('v').keyUp(Key.CONTROL).perform();
  const text = await waitFor(
    () => pasted.value(),
    (value) => value.length > 0,
    'the pasted text',
  );
  await phone.executeScript(`document.getElementById('pasted-by-test')?.remove();`);
  return text;
}

#!/usr/bin/env python3
"""Drives the page of `chatrender serve` in headless Chromium (selenium): uploads the WhatsApp
sample, picks "me" and a theme, sees page 1, spotlights a message with a note using the
keyboard, downloads the PDF and reads its text; then uploads a broken file and sees the
located error. Usage: serve_page.py CHATRENDER SAMPLES_FOLDER. Exits 1 on a failed check."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from serve_support import Server

NOTE = "Remember the ferry times"


def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-first-run", "--window-size=1280,1600"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                              "download.prompt_for_download": False})
    service = ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def wait(driver, condition, what, timeout=120):
    try:
        return WebDriverWait(driver, timeout).until(lambda _: condition())
    except Exception:
        error = driver.find_element(By.ID, "error").text
        raise AssertionError("%s did not happen (page error: %r)" % (what, error))


def upload_and_render(driver, server, samples, downloads):
    driver.get(server.url + "/")
    wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#themes-dark input"), "the theme gallery")
    driver.find_element(By.ID, "file").send_keys(os.path.join(samples, "WhatsApp_Chat_-_Ana_Costa.zip"))
    wait(driver, lambda: driver.find_element(By.ID, "options").is_enabled(), "reading the export")
    Select(driver.find_element(By.ID, "me")).select_by_visible_text("Sam Whitfield")
    theme = driver.find_element(By.CSS_SELECTOR, "input[name=theme][value=whatsapp]")
    theme.send_keys(Keys.SPACE)
    assert theme.is_selected(), "the whatsapp theme is chosen with the keyboard"
    driver.find_element(By.ID, "preview").click()
    first = wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#pages img[alt^='Page 1 of']"), "page 1")[0]
    wait(driver, lambda: driver.execute_script("return arguments[0].naturalWidth", first) > 0, "page 1's picture")

    items = driver.find_elements(By.CSS_SELECTOR, "#messages li")
    chosen = next(item for item in items if "Sam Whitfield:" in item.text)
    chosen.send_keys(Keys.ENTER)
    assert chosen.get_attribute("aria-pressed") == "true", "Enter spotlights the message"
    note = driver.switch_to.active_element
    assert note.get_attribute("id") == "note", "the note field takes the focus"
    note.send_keys(NOTE)
    Select(driver.find_element(By.ID, "format")).select_by_visible_text("pdf")
    driver.find_element(By.ID, "download").click()
    pdf = wait(driver, lambda: finished_download(downloads), "the PDF download")
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True, check=True).stdout
    assert "Ana Costa" in text and NOTE in text.replace("\n", " "), "the PDF holds the chat and the note"


def finished_download(folder):
    names = [name for name in os.listdir(folder) if name.endswith(".pdf")]
    return os.path.join(folder, names[0]) if names else None


def broken_file(driver, server, scratch):
    broken = os.path.join(scratch, "broken.json")
    with open(broken, "w") as out:
        out.write('{"version": 1,\n "participants": [],\n "messages": [{"from": 7}]}\n')
    driver.get(server.url + "/")
    driver.find_element(By.ID, "file").send_keys(broken)
    error = wait(driver, lambda: driver.find_element(By.ID, "error").text, "the error")
    assert error.startswith("broken.json:3:") and "error:" in error, "the located error is shown: %r" % error


def main():
    binary, samples = sys.argv[1], sys.argv[2]
    scratch = tempfile.mkdtemp(prefix="serve-page-")
    downloads = os.path.join(scratch, "downloads")
    os.makedirs(downloads)
    try:
        with Server(binary, [], scratch) as server:
            driver = browser(downloads)
            try:
                upload_and_render(driver, server, samples, downloads)
                broken_file(driver, server, scratch)
            finally:
                driver.quit()
    except AssertionError as failure:
        print("FAIL: %s" % failure)
        sys.exit(1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("the page works")


if __name__ == "__main__":
    main()

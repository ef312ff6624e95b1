# Installs housie on Windows from this repository's GitHub Releases: the x86-64 zip, checked
# against its SHA-256 before it is unpacked, into %LOCALAPPDATA%\Programs\housie (or
# $env:HOUSIE_INSTALL_DIR), which is added to the user's PATH. The release workflow writes the
# repository's address and the version in place of the two markers below and attaches this file
# to the release as housie-installer.ps1:
#
#   powershell -ExecutionPolicy Bypass -c "irm https://github.com/OWNER/housie/releases/latest/download/housie-installer.ps1 | iex"
#
# $env:HOUSIE_DOWNLOAD_URL, when set, is where the zip is fetched from instead (a mirror).
$ErrorActionPreference = "Stop"
$repository = "@REPOSITORY@"
$version = "@VERSION@"
$base = if ($env:HOUSIE_DOWNLOAD_URL) { $env:HOUSIE_DOWNLOAD_URL } else { "https://github.com/$repository/releases/download/v$version" }
$into = if ($env:HOUSIE_INSTALL_DIR) { $env:HOUSIE_INSTALL_DIR } else { Join-Path $env:LOCALAPPDATA "Programs\housie" }

if (-not [Environment]::Is64BitOperatingSystem) { throw "housie-installer: there is no housie download for 32-bit Windows" }
$target = "x86_64-pc-windows-msvc"
$archive = "housie-$version-$target.zip"
$work = Join-Path ([IO.Path]::GetTempPath()) ("housie-" + [Guid]::NewGuid())
New-Item -ItemType Directory -Path $work | Out-Null
try {
  Write-Host "housie-installer: downloading $archive"
  Invoke-WebRequest -UseBasicParsing -Uri "$base/$archive" -OutFile (Join-Path $work $archive)
  Invoke-WebRequest -UseBasicParsing -Uri "$base/$archive.sha256" -OutFile (Join-Path $work "$archive.sha256")
  $want = ((Get-Content (Join-Path $work "$archive.sha256") -Raw).Trim() -split '\s+')[0].ToLower()
  $got = (Get-FileHash -Algorithm SHA256 (Join-Path $work $archive)).Hash.ToLower()
  if ($want -ne $got) { throw "housie-installer: $archive is not the file released (SHA-256 $got, the release says $want): nothing was installed" }
  Expand-Archive -Path (Join-Path $work $archive) -DestinationPath $work
  New-Item -ItemType Directory -Force -Path $into | Out-Null
  Copy-Item -Force (Join-Path $work "housie-$version-$target\housie.exe") (Join-Path $into "housie.exe")
  $path = [Environment]::GetEnvironmentVariable("Path", "User")
  if (-not (($path -split ';') -contains $into)) {
    [Environment]::SetEnvironmentVariable("Path", (@($path, $into) | Where-Object { $_ }) -join ';', "User")
    Write-Host "housie-installer: added $into to your PATH (open a new terminal to use it)"
  }
  Write-Host "housie-installer: installed housie $version into $into"
} finally {
  Remove-Item -Recurse -Force $work
}

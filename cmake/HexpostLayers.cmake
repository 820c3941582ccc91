# Layers enforced by the compiler.
#
# hexpost_target_headers(<target> <path>...)
#   Gives <target> an include root of its own, ${CMAKE_BINARY_DIR}/include/<target>, that holds
#   only <path>... (folders or single headers, relative to the source root, as symbolic links
#   at the same relative place), and makes that root the target's PUBLIC include directory.
#   Includes keep their project-root spelling ("services/storage/pool.h"), but a file now finds
#   only the headers of its own target and of the targets it links (CMake passes PUBLIC include
#   directories on): including a layer the target does not link fails to compile.
#   A path goes to the one target that owns it; a header shared across a split folder is given
#   to its other owner as a single file.
function(hexpost_target_headers target)
  if(ARGC LESS 2)
    message(FATAL_ERROR "hexpost_target_headers(${target}): no folder or header given")
  endif()
  set(root ${CMAKE_BINARY_DIR}/include/${target})
  file(MAKE_DIRECTORY ${root})
  file(REAL_PATH ${root} real_root)
  foreach(path IN LISTS ARGN)
    set(original ${PROJECT_SOURCE_DIR}/${path})
    if(NOT EXISTS ${original})
      message(FATAL_ERROR "hexpost_target_headers(${target}): ${path} does not exist")
    endif()
    set(link ${root}/${path})
    get_filename_component(parent ${link} DIRECTORY)
    get_filename_component(relative_parent ${path} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    # Never write through an older link into the source tree: the parent must be a real folder
    # of the include root (delete ${root} if the layout of this target changed).
    file(REAL_PATH ${parent} real_parent)
    if(NOT real_parent STREQUAL "${real_root}/${relative_parent}"
       AND NOT (relative_parent STREQUAL "" AND real_parent STREQUAL real_root))
      message(FATAL_ERROR "hexpost_target_headers(${target}): ${parent} is not a folder of "
                          "${root}; delete ${root} and configure again")
    endif()
    if(IS_SYMLINK ${link})
      file(READ_SYMLINK ${link} current)
      if(current STREQUAL original)
        continue()
      endif()
    endif()
    file(CREATE_LINK ${original} ${link} SYMBOLIC)
  endforeach()
  target_include_directories(${target} PUBLIC ${root})
endfunction()
